import { contentTypeFor } from "../../lib/content-types";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { getDocumentInDataset } from "../scope/documents";

export const downloadDocument = async (ctx: ServiceContext, datasetId: string, documentId: string) => {
  await getDatasetInTenant(ctx, datasetId);
  const doc = await getDocumentInDataset(ctx, datasetId, documentId);
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
