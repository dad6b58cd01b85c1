import { inArray } from "drizzle-orm";
import { chunks } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import type { Deps } from "../context";

// Vectorize cannot delete by namespace, so chunk ids are looked up first (before the rows cascade away).
export const deleteVectorsOf = async (deps: Deps, column: "documentId" | "datasetId", ownerIds: string[]) => {
  for (const part of inChunks(ownerIds)) {
    const ids = (await deps.db.select({ id: chunks.id }).from(chunks).where(inArray(chunks[column], part))).map((row) => row.id);
    if (ids.length) await deps.vectors.deleteByIds(ids);
  }
};
