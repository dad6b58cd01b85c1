import { createDb } from "../db/client";
import { readConfig } from "../lib/config";
import { type D1Access, openD1 } from "../platform/d1-session";
import { DEFAULT_SHARD } from "../platform/d1-shards";
import type { AiRunner } from "../platform/providers/workers-ai";
import { fakeWorkersAi } from "../platform/workers-ai-fake";
import { createJobQueue } from "../platform/queue";
import { createR2BlobStore } from "../platform/storage";
import { createD1VectorIndex, createVectorizeIndex } from "../platform/vectors";
import type { Deps } from "./context";

// One place that turns bindings into service dependencies, for requests and queue batches alike. Every D1 query
// goes through `d1`, one D1 session; work with no client behind it (queue batches, cron) starts at the primary.
export const createDeps = (env: Env, d1: D1Access = openD1(env, { bookmark: null, writes: true })): Deps => {
  const db = createDb(d1.client);
  return {
    db,
    shard: d1.shard,
    directory: d1.shard === DEFAULT_SHARD ? db : createDb(openD1(env, { bookmark: null, writes: true }).client),
    config: readConfig(env),
    storage: createR2BlobStore(env.FILES),
    // every message names the shard of the work it carries
    queue: createJobQueue(env.INGEST_QUEUE, d1.shard),
    ai: (env.AI_BACKEND as string) === "fake" ? fakeWorkersAi : ((env.AI as unknown as AiRunner | undefined) ?? null),
    vectors:
      (env.VECTOR_BACKEND as string) === "vectorize"
        ? createVectorizeIndex(env.VECTORS)
        : createD1VectorIndex(d1.client),
  };
};
