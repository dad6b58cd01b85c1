import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { dataError } from "../lib/errors";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { assertJsonObject } from "../middleware/validate";
import { agentPromptSnippets } from "../services/agents/prompt-snippets";
import { isAgentRunLog } from "../services/agents/runs/is-run-log";
import { startParsing } from "../services/ingestion/start";
import { documentOfLog } from "../services/ingestion-logs/document-of-log";
import { requireArguments } from "./required-arguments";

export const DB_CONNECTION_UNSUPPORTED =
  "Buddy's ExeSQL component reads Cloudflare D1 only; it cannot connect to {db_type} databases.";

// RAGFlow's helpers around its agent editor that are no agent of their own: the prompt snippets, the ExeSQL
// connection test. Mounted before /agents/:agentId, which would take their names for agent ids.
export const agentSupportRoutes = new Hono<AppEnv>()
  .get("/prompts", requireAuth, (c) => ok(c, agentPromptSnippets()))
  // A Worker has no MySQL/Postgres/MSSQL driver; ExeSQL talks to D1 over Cloudflare's HTTP API instead.
  .post(
    "/test_db_connection",
    requireAuth,
    requireArguments("db_type", "database", "username", "host", "port", "password"),
    async (c) => {
      const body = (await c.req.json()) as { db_type: unknown };
      throw dataError(DB_CONNECTION_UNSUPPORTED.replace("{db_type}", String(body.db_type)));
    },
  );

// RAGFlow's /agents/rerun re-runs an ingestion pipeline from a file log. Buddy's ingestion is no component graph:
// re-running from a log parses that log's document again from the start. A body naming one of the caller's
// agent runs goes on to the agent rerun (routes/agent-runs.ts).
export const rerunIngestionLogUnlessAgentRun = createMiddleware<AppEnv>(async (c, next) => {
  const body = assertJsonObject(await c.req.json().catch(() => null), dataError);
  const id = body.id;
  const ctx = serviceContext(c);
  if (typeof id === "string" && (await isAgentRunLog(ctx, id))) return next();
  await requireArguments("id", "dsl", "component_id")(c, async () => undefined);
  const { datasetId, documentId } = await documentOfLog(ctx, String(id));
  const report = await startParsing(ctx, datasetId, [documentId]);
  if (report.success_count === 0) throw dataError(report.errors?.[0] ?? "Document not found.");
  return ok(c, true);
});
