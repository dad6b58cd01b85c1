import type { D1Access } from "./platform/d1-session";
import type { Actor, Deps } from "./services/context";
import type { ShareAccess } from "./services/share/guard";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    deps: Deps;
    // the request's D1 session (worker/platform/d1-session.ts)
    d1: D1Access;
    actor: Actor;
    // shared-chat requests only (routes/share.ts)
    share: ShareAccess;
    visitorId: string;
    // the JSON request came without a body (middleware/empty-body.ts reads it as {})
    emptyJsonBody: boolean;
  };
};
