import { createFactory } from "hono/factory";
import { ParseDocumentsSchema } from "../contract/documents";
import type { AppEnv } from "../env";
import { bulkMessage } from "../lib/bulk-report";
import { ok } from "../lib/envelope";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { startParsing } from "../services/ingestion/start";
import { stopParsing } from "../services/ingestion/stop";

const factory = createFactory<AppEnv>();
const body = jsonBodyAsDataError(ParseDocumentsSchema);

// Mounted under both RAGFlow paths: /datasets/{id}/chunks and /datasets/{id}/documents/parse|stop.
export const parseHandlers = factory.createHandlers(body, async (c) => {
  const { document_ids: ids, delete: remove, delete_chunks: deleteChunks } = c.req.valid("json");
  const keep = remove === false || deleteChunks === false;
  const report = await startParsing(serviceContext(c), c.req.param("datasetId") as string, ids, !keep);
  return ok(c, report, bulkMessage(report, "parsed", "documents"));
});

export const stopHandlers = factory.createHandlers(body, async (c) => {
  const ids = c.req.valid("json").document_ids;
  const report = await stopParsing(serviceContext(c), c.req.param("datasetId") as string, ids);
  return ok(c, report, bulkMessage(report, "stopped", "documents"));
});
