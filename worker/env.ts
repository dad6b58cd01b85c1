import type { Db } from "./db/client";
import type { AppConfig } from "./lib/config";
import type { BlobStore } from "./platform/storage";
import type { Actor } from "./services/context";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Db;
    config: AppConfig;
    storage: BlobStore;
    actor: Actor;
  };
};
