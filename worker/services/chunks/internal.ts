import { and, eq } from "drizzle-orm";
import { chunks, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";

// Dataset in the caller's tenant, document in that dataset: RAGFlow's two ownership messages.
export const getChunkScope = async (ctx: ServiceContext, datasetId: string, documentId: string) => {
  const dataset = await getDatasetInTenant(ctx, datasetId);
  const document = await ctx.db.query.documents.findFirst({
    where: and(eq(documents.id, documentId), eq(documents.datasetId, datasetId)),
  });
  if (!document) throw dataError(`you don't own the document ${documentId}`);
  return { dataset, document };
};

export const getChunkInDocument = async (ctx: ServiceContext, documentId: string, chunkId: string) => {
  const row = await ctx.db.query.chunks.findFirst({
    where: and(eq(chunks.id, chunkId), eq(chunks.documentId, documentId)),
  });
  if (!row) throw dataError(`Can't find this chunk ${chunkId}`);
  return row;
};
