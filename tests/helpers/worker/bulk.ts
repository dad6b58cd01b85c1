import { env } from "cloudflare:test";

export const hexId = () => crypto.randomUUID().replaceAll("-", "");

// `count` copies of one row of `table` written straight through D1 in one statement (volume set-up that would
// take minutes over HTTP): every column is the template's except `id` and the columns in `vary`, SQL expressions
// over the template row `t` and the copy's number `j.key`.
export const cloneRows = async (
  table: string,
  templateId: string,
  count: number,
  vary: Record<string, string> = {},
) => {
  const { results } = await env.DB.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>();
  const columns = results.map((column) => column.name);
  const ids = Array.from({ length: count }, hexId);
  const values = columns.map((column) => (column === "id" ? "j.value" : (vary[column] ?? `t."${column}"`)));
  await env.DB.prepare(
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")})
     SELECT ${values.join(", ")} FROM "${table}" t, json_each(?) j WHERE t.id = ?`,
  )
    .bind(JSON.stringify(ids), templateId)
    .run();
  return ids;
};

// How many of `ids` are rows of `table` (that also meet `condition`, an SQL expression over the row).
export const countRows = async (table: string, ids: string[], condition = "1") =>
  (
    await env.DB.prepare(
      `SELECT count(*) AS n FROM "${table}" WHERE id IN (SELECT value FROM json_each(?)) AND (${condition})`,
    )
      .bind(JSON.stringify(ids))
      .first<{ n: number }>()
  )?.n ?? 0;

// Copies under fresh names (the name columns are unique per team).
export const renamed = { name: "t.name || '-' || j.key", name_key: "t.name_key || '-' || j.key" };
