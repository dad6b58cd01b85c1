import { inArray } from "drizzle-orm";
import type { MetadataCondition } from "../../contract/metadata-condition";
import { documents } from "../../db/schema";
import { metadataMatches } from "../../rag/metadata-filter";
import type { ServiceContext } from "../context";

// The documents of these datasets whose metadata passes the condition, within `documentIds` when given.
export const documentsByMetadata = async (ctx: ServiceContext, datasetIds: string[], condition: MetadataCondition, documentIds: string[]) => {
  const rows = await ctx.db.select({ id: documents.id, meta: documents.metaFields }).from(documents).where(inArray(documents.datasetId, datasetIds));
  const within = documentIds.length ? new Set(documentIds) : null;
  return rows.filter((row) => (!within || within.has(row.id)) && metadataMatches((row.meta ?? {}) as Record<string, unknown>, condition)).map((row) => row.id);
};
