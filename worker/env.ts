import type { Actor, Deps } from "./services/context";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    deps: Deps;
    actor: Actor;
  };
};
