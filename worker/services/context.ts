import type { Db } from "../db/client";
import type { AppConfig } from "../lib/config";
import type { AiRunner } from "../platform/providers/workers-ai";
import type { JobQueue } from "../platform/queue";
import type { BlobStore } from "../platform/storage";
import type { VectorIndex } from "../platform/vectors";

export type Deps = { db: Db; config: AppConfig; storage: BlobStore; queue: JobQueue; vectors: VectorIndex; ai: AiRunner | null };

export type Actor = {
  userId: string;
  tenantId: string;
  via: "session" | "api_key" | "job" | "share";
  sessionId: string | null;
};

export type ServiceContext = Deps & { actor: Actor };
