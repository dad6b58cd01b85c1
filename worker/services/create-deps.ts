import { createDb } from "../db/client";
import { readConfig } from "../lib/config";
import type { AiRunner } from "../platform/providers/workers-ai";
import { fakeWorkersAi } from "../platform/workers-ai-fake";
import { createJobQueue } from "../platform/queue";
import { createR2BlobStore } from "../platform/storage";
import { createD1VectorIndex, createVectorizeIndex } from "../platform/vectors";
import type { Deps } from "./context";

// One place that turns bindings into service dependencies, for requests and queue batches alike.
export const createDeps = (env: Env): Deps => ({
  db: createDb(env.DB),
  config: readConfig(env),
  storage: createR2BlobStore(env.FILES),
  queue: createJobQueue(env.INGEST_QUEUE),
  ai: (env.AI_BACKEND as string) === "fake" ? fakeWorkersAi : ((env.AI as unknown as AiRunner | undefined) ?? null),
  vectors:
    (env.VECTOR_BACKEND as string) === "vectorize" ? createVectorizeIndex(env.VECTORS) : createD1VectorIndex(env.DB),
});
