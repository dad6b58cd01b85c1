import type { Db } from "../db/client";
import type { AppConfig } from "../lib/config";
import type { BlobStore } from "../platform/storage";

export type Deps = { db: Db; config: AppConfig; storage: BlobStore };

export type Actor = {
  userId: string;
  tenantId: string;
  via: "session" | "api_key";
  sessionId: string | null;
};

export type ServiceContext = Deps & { actor: Actor };
