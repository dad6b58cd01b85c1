import { createFactory } from "hono/factory";
import { ParseDocumentsSchema } from "../contract/documents";
import type { AppEnv } from "../env";
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
  return ok(c, await startParsing(serviceContext(c), c.req.param("datasetId") as string, ids, !keep));
});

export const stopHandlers = factory.createHandlers(body, async (c) =>
  ok(c, await stopParsing(serviceContext(c), c.req.param("datasetId") as string, c.req.valid("json").document_ids)),
);
