import { createFactory } from "hono/factory";
import { ParseDocumentsSchema } from "../contract/documents";
import type { AppEnv } from "../env";
import { bulkMessage } from "../lib/bulk-report";
import { ok } from "../lib/envelope";
import { exceptionError } from "../lib/errors";
import { pythonNoGetError } from "../contract/python-errors";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { startParsing } from "../services/ingestion/start";
import { stopParsing } from "../services/ingestion/stop";

const factory = createFactory<AppEnv>();
// RAGFlow v0.27 reads the ids with req.get(): a body that is no object fails there with code 100 and Python's line
const objectBody = factory.createMiddleware(async (c, next) => {
  const value = await c.req.json().catch(() => ({}));
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw exceptionError(pythonNoGetError(value));
  await next();
});
const body = [objectBody, jsonBodyAsDataError(ParseDocumentsSchema)] as const;

// Mounted under both RAGFlow paths: /datasets/{id}/chunks and /datasets/{id}/documents/parse|stop.
export const parseHandlers = factory.createHandlers(...body, async (c) => {
  const { document_ids: ids, delete: remove, delete_chunks: deleteChunks } = c.req.valid("json");
  const keep = remove === false || deleteChunks === false;
  const report = await startParsing(serviceContext(c), c.req.param("datasetId") as string, ids, !keep);
  return ok(c, report, bulkMessage(report, "parsed", "documents"));
});

export const stopHandlers = factory.createHandlers(...body, async (c) => {
  const ids = c.req.valid("json").document_ids;
  const report = await stopParsing(serviceContext(c), c.req.param("datasetId") as string, ids);
  return ok(c, report, bulkMessage(report, "stopped", "documents"));
});
