import { Hono } from "hono";
import type { AppEnv } from "../env";
import { dataError } from "../lib/errors";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { startParsing } from "../services/ingestion/start";
import { documentOfLog } from "../services/ingestion-logs/document-of-log";
import { requireArguments } from "./required-arguments";

export const DB_CONNECTION_UNSUPPORTED =
  "Buddy's ExeSQL component reads Cloudflare D1 only; it cannot connect to {db_type} databases.";

// RAGFlow's helpers around its agent editor that are no agent of their own: the ExeSQL connection test and the
// re-run of an ingestion pipeline from a log.
export const agentSupportRoutes = new Hono<AppEnv>()
  // A Worker has no MySQL/Postgres/MSSQL driver; ExeSQL talks to D1 over Cloudflare's HTTP API instead.
  .post(
    "/test_db_connection",
    requireAuth,
    requireArguments("db_type", "database", "username", "host", "port", "password"),
    async (c) => {
      const body = (await c.req.json()) as { db_type: unknown };
      throw dataError(DB_CONNECTION_UNSUPPORTED.replace("{db_type}", String(body.db_type)));
    },
  )
  // Buddy's ingestion is no component graph: re-running from a log parses that log's document again from the start.
  .post("/rerun", requireAuth, requireArguments("id", "dsl", "component_id"), async (c) => {
    const { id } = (await c.req.json()) as { id: unknown };
    const ctx = serviceContext(c);
    const { datasetId, documentId } = await documentOfLog(ctx, String(id));
    const report = await startParsing(ctx, datasetId, [documentId]);
    if (report.success_count === 0) throw dataError(report.errors?.[0] ?? "Document not found.");
    return ok(c, true);
  });
