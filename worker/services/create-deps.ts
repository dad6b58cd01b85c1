import { createDb } from "../db/client";
import { readConfig } from "../lib/config";
import { type D1Access, openD1 } from "../platform/d1-session";
import type { AiRunner } from "../platform/providers/workers-ai";
import { fakeWorkersAi } from "../platform/workers-ai-fake";
import { createJobQueue } from "../platform/queue";
import { createR2BlobStore } from "../platform/storage";
import { createD1VectorIndex, createVectorizeIndex } from "../platform/vectors";
import type { Deps } from "./context";

// One place that turns bindings into service dependencies, for requests and queue batches alike. Every D1 query
// goes through `d1`, one D1 session; work with no client behind it (queue batches, cron) starts at the primary.
export const createDeps = (env: Env, d1: D1Access = openD1(env, { bookmark: null, writes: true })): Deps => ({
  db: createDb(d1.client),
  config: readConfig(env),
  storage: createR2BlobStore(env.FILES),
  queue: createJobQueue(env.INGEST_QUEUE),
  ai: (env.AI_BACKEND as string) === "fake" ? fakeWorkersAi : ((env.AI as unknown as AiRunner | undefined) ?? null),
  vectors:
    (env.VECTOR_BACKEND as string) === "vectorize" ? createVectorizeIndex(env.VECTORS) : createD1VectorIndex(d1.client),
});
