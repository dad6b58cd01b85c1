import { sql } from "drizzle-orm";
import type { Deps } from "../context";

type Probe = () => Promise<unknown>;

const check = async (probe: Probe): Promise<"ok" | "nok"> => {
  try {
    await probe();
    return "ok";
  } catch {
    return "nok";
  }
};

// RAGFlow's keys where Buddy has the part: `doc_engine` is the vector index (D1 locally, Vectorize deployed). Its
// `redis` (task queues) has no counterpart that can be probed without sending work, so it is left out.
export type HealthReport = {
  db: "ok" | "nok";
  doc_engine: "ok" | "nok";
  storage: "ok" | "nok";
  status: "ok" | "nok";
};

export const checkHealth = async ({ db, storage, vectors }: Deps) => {
  const [dbStatus, docEngine, storageStatus] = await Promise.all([
    check(() => db.run(sql`select 1`)),
    check(() => vectors.storedDimensions(["healthz"], 1)),
    check(() => storage.head("healthz")),
  ]);
  const report: HealthReport = {
    db: dbStatus,
    doc_engine: docEngine,
    storage: storageStatus,
    status: dbStatus === "ok" && docEngine === "ok" && storageStatus === "ok" ? "ok" : "nok",
  };
  return report;
};
