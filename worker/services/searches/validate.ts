import { and, inArray } from "drizzle-orm";
import { datasets, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { datasetsVisibleTo } from "../scope/datasets";
import { rowsInChunks } from "../../lib/batches";

export { checkChatModel, checkRerankModel } from "../chats/validate";

// The knowledge bases must be ones the acting member sees in the team (for a share link: the link's maker, so a
// link never opens a base that is private to someone else) and share one embedding model (one query vector).
export const checkDatasets = async (ctx: ServiceContext, ids: string[]) => {
  if (ids.length === 0) return [];
  const rows = await rowsInChunks(ids, (part) =>
    ctx.db.query.datasets.findMany({
      where: and(datasetsVisibleTo(ctx.actor.tenantId, ctx.actor.userId), inArray(datasets.id, part)),
    }),
  );
  const missing = ids.find((id) => !rows.some((row) => row.id === id));
  if (missing) throw dataError(`You don't own the dataset ${missing}`);
  if (new Set(rows.map((row) => row.embdId)).size > 1) throw dataError("Datasets use different embedding models.");
  return rows;
};

// The documents among `docIds` that lie in the knowledge bases `kbIds`.
export const documentsWithin = async (ctx: ServiceContext, kbIds: string[], docIds: string[]) => {
  const bases = new Set(kbIds);
  const rows = await rowsInChunks(docIds, (part) =>
    ctx.db
      .select({ id: documents.id, datasetId: documents.datasetId })
      .from(documents)
      .where(inArray(documents.id, part)),
  );
  return rows.filter((row) => bases.has(row.datasetId)).map((row) => row.id);
};

// A document filter may only name documents of the searched knowledge bases.
export const checkDocuments = async (ctx: ServiceContext, kbIds: string[], docIds: string[]) => {
  const found = await documentsWithin(ctx, kbIds, docIds);
  const missing = docIds.find((id) => !found.includes(id));
  if (missing) throw dataError(`The document ${missing} is not in the searched knowledge bases.`);
};
