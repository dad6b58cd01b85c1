import { eq } from "drizzle-orm";
import { ingestionLogs } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getIngestionLog } from "./list";

const NOT_FOUND = "Document not found.";

// The document a file log belongs to, for a caller who may read its dataset; one answer for every other case
// (unknown log, dataset log, foreign dataset), as RAGFlow's /agents/rerun gives.
export const documentOfLog = async (ctx: ServiceContext, logId: string) => {
  const row = await ctx.db.query.ingestionLogs.findFirst({ where: eq(ingestionLogs.id, logId) });
  if (!row?.documentId) throw dataError(NOT_FOUND);
  const log = await getIngestionLog(ctx, row.datasetId, logId).catch(() => {
    throw dataError(NOT_FOUND);
  });
  return { datasetId: log.kb_id, documentId: row.documentId };
};
