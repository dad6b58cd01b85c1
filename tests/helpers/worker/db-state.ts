import { env } from "cloudflare:test";

// login_attempts (rate limiting), sessions (logins) and usage_daily (request counting) change on refused calls
// by design; chunks_* are the full-text index's shadow tables.
const TABLES_SQL =
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'chunks_%' AND name NOT IN ('login_attempts', 'sessions', 'usage_daily')";

let fingerprintSql: Promise<string> | undefined;

const buildFingerprintSql = async () => {
  const { results } = await env.DB.prepare(TABLES_SQL).all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of results) {
    const { results: columns } = await env.DB.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{
      name: string;
    }>();
    const updated = columns.some((column) => column.name === "update_time") ? "coalesce(sum(update_time), 0)" : "'-'";
    parts.push(`(SELECT count(*) || '/' || ${updated} FROM "${name}") AS "${name}"`);
  }
  return `SELECT ${parts.join(", ")}`;
};

// Row count and update times of every table (less `ignored`), in one query: a refused call must leave it as it was.
export const fingerprint = async (ignored: string[] = []) => {
  fingerprintSql ??= buildFingerprintSql();
  const row = await env.DB.prepare(await fingerprintSql).first<Record<string, string>>();
  return Object.entries(row ?? {})
    .filter(([table]) => !ignored.includes(table))
    .map(([table, state]) => `${table}=${state}`)
    .join(" ");
};

// The tables whose line differs between two fingerprints.
export const changedTables = (before: string, after: string) => {
  const old = new Set(before.split(" "));
  return after
    .split(" ")
    .filter((line) => !old.has(line))
    .map((line) => line.split("=")[0]);
};

// Parsing, index tasks and test-set runs started by an allowed call finish on the queue; wait for them before the next check.
export const settle = async (keptRunning: string[] = []) => {
  for (let i = 0; i < 100; i++) {
    const running = await env.DB.prepare(
      "SELECT count(*) AS n FROM documents WHERE run = '1' AND id NOT IN (SELECT value FROM json_each(?))",
    )
      .bind(JSON.stringify(keptRunning))
      .first<{ n: number }>();
    const tasks = await env.DB.prepare(
      "SELECT count(*) AS n FROM dataset_tasks WHERE state IN ('queued', 'running')",
    ).first<{ n: number }>();
    const runs = await env.DB.prepare(
      "SELECT count(*) AS n FROM evaluation_runs WHERE status IN ('queued', 'running')",
    ).first<{ n: number }>();
    if (!running?.n && !tasks?.n && !runs?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

// Object count and total bytes in the R2 bucket: a refused upload must leave no blob behind.
export const storageFingerprint = async () => {
  let objects = 0;
  let bytes = 0;
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor, limit: 1000 });
    objects += page.objects.length;
    for (const object of page.objects) bytes += object.size;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return `r2=${objects}/${bytes}`;
};

// D1's fingerprint and R2's, one line: what "nothing written" compares.
export const storedState = async (ignored: string[] = []) =>
  `${await fingerprint(ignored)} ${await storageFingerprint()}`;
