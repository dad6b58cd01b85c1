import type { Actor, Deps } from "./services/context";
import type { ShareAccess } from "./services/share/guard";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    deps: Deps;
    actor: Actor;
    // shared-chat requests only (routes/share.ts)
    share: ShareAccess;
    visitorId: string;
  };
};
