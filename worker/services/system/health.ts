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

export type HealthReport = {
  db: "ok" | "nok";
  storage: "ok" | "nok";
  status: "ok" | "nok";
};

export const checkHealth = async ({ db, storage }: Deps) => {
  const [dbStatus, storageStatus] = await Promise.all([
    check(() => db.run(sql`select 1`)),
    check(() => storage.head("healthz")),
  ]);
  const report: HealthReport = {
    db: dbStatus,
    storage: storageStatus,
    status: dbStatus === "ok" && storageStatus === "ok" ? "ok" : "nok",
  };
  return report;
};
