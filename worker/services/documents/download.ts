import { and, eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { contentTypeFor } from "../../lib/content-types";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { getDocumentInDataset } from "../scope/documents";

// RAGFlow v0.27's wording: an unknown or foreign dataset or document is "document not found"; a document of the
// team's in another dataset is named.
const assertDocumentKnown = async (ctx: ServiceContext, documentId: string) => {
  const known = await ctx.db.query.documents.findFirst({
    columns: { id: true },
    where: and(eq(documents.id, documentId), eq(documents.tenantId, ctx.actor.tenantId)),
  });
  if (!known) throw dataError("document not found");
};

export const downloadDocument = async (ctx: ServiceContext, datasetId: string, documentId: string) => {
  await getDatasetInTenant(ctx, datasetId, "document not found");
  await assertDocumentKnown(ctx, documentId);
  const doc = await getDocumentInDataset(ctx, datasetId, documentId, `The dataset not own the document ${documentId}.`);
  const blob = await ctx.storage.get(doc.location);
  if (!blob) {
    if (doc.type === "virtual")
      return { name: doc.name, body: new Blob([]).stream(), size: 0, contentType: contentTypeFor("txt") };
    throw dataError(`The file of document ${doc.name} is missing.`);
  }
  return {
    name: doc.name,
    body: blob.body,
    size: blob.size,
    contentType: blob.contentType ?? contentTypeFor(doc.suffix),
  };
};
