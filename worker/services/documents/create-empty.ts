import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { takenDocumentNames } from "../scope/documents";
import { newDocumentRow } from "./new-document";
import { toDocument } from "./serialize";
import { insertDocuments } from "./upload";

// An empty ("virtual") document holds manually added chunks.
export const createEmptyDocument = async (ctx: ServiceContext, datasetId: string, name: string) => {
  const dataset = await getDatasetInTenant(ctx, datasetId);
  const taken = await takenDocumentNames(ctx, datasetId);
  if (taken.some((existing) => existing.toLowerCase() === name.toLowerCase())) {
    throw dataError("Duplicated document name in the same dataset.");
  }
  const row = newDocumentRow(ctx, dataset, { name, size: 0, sourceType: "virtual", virtual: true });
  await insertDocuments(ctx, datasetId, [row]);
  return [toDocument(row)];
};
