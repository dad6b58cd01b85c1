import type { ComponentImpl } from "../engine/types";
import { safeFetch } from "../../outbound/safe-fetch";

// "replace" as a statement writes; replace(…) is SQLite's string function
const WRITES =
  /\b(insert|update|delete|replace(?!\s*\()|drop|create|alter|attach|detach|pragma|vacuum|reindex|analyze|begin|commit|rollback|savepoint|release)\b/i;

// One read-only statement: SELECT or WITH … SELECT, no second statement, none of the writing keywords.
export const readOnlySql = (sql: string) => {
  const statement = sql
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ")
    .trim()
    .replace(/;\s*$/, "");
  if (!/^(select|with)\b/i.test(statement))
    throw new Error("ExeSQL runs read-only queries: start with SELECT or WITH.");
  if (statement.includes(";")) throw new Error("ExeSQL runs one statement at a time.");
  const withoutStrings = statement.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
  if (WRITES.test(withoutStrings)) throw new Error("ExeSQL runs read-only queries only.");
  return statement;
};

const cell = (value: unknown) =>
  value === null || value === undefined ? "" : String(value).replaceAll("|", "\\|").replaceAll("\n", " ");

const markdownTable = (rows: Record<string, unknown>[]) => {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) return "";
  return [
    `| ${columns.join(" | ")} |`,
    `|${columns.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${columns.map((column) => cell(row[column])).join(" | ")} |`),
  ].join("\n");
};

type D1Answer = {
  success?: boolean;
  errors?: { message: string }[];
  result?: { results?: Record<string, unknown>[] }[];
};

const parseAnswer = (text: string) => {
  try {
    return JSON.parse(text) as D1Answer;
  } catch {
    return null;
  }
};

const DEFAULT_RECORDS = 1024;
const MAX_RECORDS = 10_000;

// Read-only SQL against the team's own Cloudflare D1 database through Cloudflare's D1 HTTP API (account id,
// database id and an API token, ideally one with D1 read permission only).
export const exeSql: ComponentImpl = {
  name: "ExeSQL",
  run: async ({ ctx, params, render, signal }) => {
    const sql = readOnlySql(render(params.sql));
    const base = (render(params.base_url) || "https://api.cloudflare.com").replace(/\/+$/, "");
    const url = `${base}/client/v4/accounts/${encodeURIComponent(render(params.account_id))}/d1/database/${encodeURIComponent(render(params.database_id))}/query`;
    const init = {
      method: "POST",
      headers: { Authorization: `Bearer ${render(params.api_token)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ sql }),
    };
    // D1 answers a bad query with HTTP 400 and the SQL error in the body: that error is what the user needs
    const response = await safeFetch(ctx, url, init, signal, { acceptErrors: true });
    const answer = parseAnswer(response.text);
    if (!answer || answer.success === false || response.status >= 400) {
      throw new Error(
        `D1 (HTTP ${response.status}): ${answer?.errors?.map((error) => error.message).join("; ") || "query failed"}`,
      );
    }
    const limit = Math.min(MAX_RECORDS, Math.max(1, Number(params.max_records ?? DEFAULT_RECORDS) || DEFAULT_RECORDS));
    const rows = (answer.result?.[0]?.results ?? []).slice(0, limit);
    return { outputs: { formalized_content: markdownTable(rows), json: rows } };
  },
};
