import { sql } from "drizzle-orm";
import type { Deps } from "../context";

type Light = "green" | "red";
type Timed = { status: Light; elapsed: string; error?: string };

// RAGFlow's timing format: milliseconds with one decimal, as a string.
const timed = async (probe: () => Promise<unknown>): Promise<Timed> => {
  const started = performance.now();
  const elapsed = () => (performance.now() - started).toFixed(1);
  try {
    await probe();
    return { status: "green", elapsed: elapsed() };
  } catch (error) {
    return { status: "red", elapsed: elapsed(), error: error instanceof Error ? error.message : String(error) };
  }
};

// RAGFlow's component report under its keys: doc_engine is the vector index, storage R2, database D1, and
// redis the ingestion queue. A Cloudflare Queue cannot be probed without sending a job, so it says "unknown"
// rather than claiming green; Buddy has no task executors that beat, so their heartbeats are empty.
export const systemStatus = async ({ db, storage, vectors }: Deps) => {
  const [docEngine, blobStore, database] = await Promise.all([
    timed(() => vectors.storedDimensions(["status"], 1)),
    timed(() => storage.head("status")),
    timed(() => db.run(sql`select 1`)),
  ]);
  return {
    doc_engine: { type: "vector-index", ...docEngine },
    storage: { storage: "r2", ...blobStore },
    database: { database: "d1", ...database },
    redis: {
      queue: "cloudflare-queues",
      status: "unknown",
      elapsed: "0.0",
      error: "a queue cannot be probed without sending a job",
    },
    task_executor_heartbeats: {},
  };
};
