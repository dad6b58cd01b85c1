import { and, eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";

export const getDocumentInDataset = async (
  ctx: ServiceContext,
  datasetId: string,
  documentId: string,
  notFound = `The dataset doesn't own the document ${documentId}.`,
) => {
  const row = await ctx.db.query.documents.findFirst({
    where: and(
      eq(documents.id, documentId),
      eq(documents.datasetId, datasetId),
      eq(documents.tenantId, ctx.actor.tenantId),
    ),
  });
  if (!row) throw dataError(notFound);
  return row;
};

// All names in the dataset: new uploads pick "(1)" suffixes around them. Selecting names only stays small,
// and avoids D1's 100-parameter limit that a per-name filter would hit with 128 files.
export const takenDocumentNames = async (ctx: ServiceContext, datasetId: string) => {
  const rows = await ctx.db.select({ name: documents.name }).from(documents).where(eq(documents.datasetId, datasetId));
  return rows.map((row) => row.name);
};
