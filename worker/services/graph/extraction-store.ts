import { and, eq, inArray, ne, notInArray, or } from "drizzle-orm";
import type { GraphragMethod } from "../../contract/parser-config";
import { chunks, graphExtractions } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import type { ChunkExtraction } from "../../rag/graph/merge";
import type { Deps } from "../context";

// What an extraction depends on besides the chunk's text (its id is derived from the text).
export const extractionSettings = (method: GraphragMethod, entityTypes: string[]) => `${method}|${entityTypes.join(",")}`;

// The extractions of these chunks made with these settings before.
export const storedExtractions = async (deps: Deps, datasetId: string, settings: string, rows: { id: string; documentId: string }[]): Promise<ChunkExtraction[]> => {
  const found = await Promise.all(
    inChunks(rows.map((row) => row.id)).map((ids) =>
      deps.db
        .select({ chunkId: graphExtractions.chunkId, documentId: graphExtractions.documentId, extraction: graphExtractions.extraction })
        .from(graphExtractions)
        .where(and(eq(graphExtractions.datasetId, datasetId), eq(graphExtractions.settings, settings), inArray(graphExtractions.chunkId, ids))),
    ),
  );
  return found.flat();
};

// Kept as soon as it is made, so a build that fails or is cancelled halfway does not read those chunks again.
export const storeExtraction = (deps: Deps, datasetId: string, settings: string, { chunkId, documentId, extraction }: ChunkExtraction) =>
  deps.db
    .insert(graphExtractions)
    .values({ datasetId, chunkId, documentId, settings, extraction })
    .onConflictDoUpdate({ target: [graphExtractions.datasetId, graphExtractions.chunkId], set: { documentId, settings, extraction } });

// Extractions of chunks that are gone (re-parsed documents) or made with other settings.
export const dropStaleExtractions = (deps: Deps, datasetId: string, settings: string) =>
  deps.db
    .delete(graphExtractions)
    .where(
      and(
        eq(graphExtractions.datasetId, datasetId),
        or(ne(graphExtractions.settings, settings), notInArray(graphExtractions.chunkId, deps.db.select({ id: chunks.id }).from(chunks).where(eq(chunks.datasetId, datasetId)))),
      ),
    );
