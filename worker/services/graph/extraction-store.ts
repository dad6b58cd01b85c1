import { and, eq, inArray, notInArray, or, sql } from "drizzle-orm";
import type { GraphragMethod } from "../../contract/parser-config";
import { chunks, documents, graphExtractions } from "../../db/schema";
import { inChunks, rowsPerInsert } from "../../lib/batches";
import { sha256Hex } from "../../lib/crypto";
import type { ChunkExtraction } from "../../rag/graph/merge";
import type { Deps } from "../context";

// What an extraction depends on: the method, the entity types (in any order) and the chunk's text (an edited
// chunk keeps its id). The chat model is not part of it: deleting the graph makes the next build read all again.
export const extractionSettings = (method: GraphragMethod, entityTypes: string[]) =>
  `${method}|${entityTypes.toSorted().join(",")}`;

const keyOf = async (settings: string, content: string) => `${settings}|${(await sha256Hex(content)).slice(0, 16)}`;

type ChunkRow = { id: string; documentId: string; content: string };

// The extractions of these chunks made before with these settings from the same text, and each chunk's key
// (what a new extraction is stored under).
export const storedExtractions = async (deps: Deps, datasetId: string, settings: string, rows: ChunkRow[]) => {
  const wanted = new Map(
    await Promise.all(rows.map(async (row) => [row.id, await keyOf(settings, row.content)] as const)),
  );
  const found = await Promise.all(
    inChunks(rows.map((row) => row.id)).map((ids) =>
      deps.db
        .select({
          chunkId: graphExtractions.chunkId,
          documentId: graphExtractions.documentId,
          settings: graphExtractions.settings,
          extraction: graphExtractions.extraction,
        })
        .from(graphExtractions)
        .where(and(eq(graphExtractions.datasetId, datasetId), inArray(graphExtractions.chunkId, ids))),
    ),
  );
  const stored: ChunkExtraction[] = found
    .flat()
    .flatMap(({ settings: key, ...extraction }) => (wanted.get(extraction.chunkId) === key ? [extraction] : []));
  return { stored, keys: wanted };
};

// Kept as they are made (in small groups), so a build that fails or is cancelled halfway does not read those
// chunks again. A chunk whose document was deleted meanwhile is left out.
export const storeExtractions = async (deps: Deps, datasetId: string, made: (ChunkExtraction & { key: string })[]) => {
  if (made.length === 0) return;
  const present = new Set(
    (
      await deps.db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.datasetId, datasetId),
            inArray(documents.id, [...new Set(made.map((item) => item.documentId))]),
          ),
        )
    ).map((row) => row.id),
  );
  const values = made
    .filter((item) => present.has(item.documentId))
    .map(({ chunkId, documentId, extraction, key }) => ({ datasetId, chunkId, documentId, settings: key, extraction }));
  for (const part of inChunks(values, rowsPerInsert(5))) {
    await deps.db
      .insert(graphExtractions)
      .values(part)
      .onConflictDoUpdate({
        target: [graphExtractions.datasetId, graphExtractions.chunkId],
        set: {
          documentId: sql`excluded.document_id`,
          settings: sql`excluded.settings`,
          extraction: sql`excluded.extraction`,
        },
      });
  }
};

// Extractions of chunks that are gone (re-parsed documents) or made with other settings.
export const dropStaleExtractions = (deps: Deps, datasetId: string, settings: string) =>
  deps.db
    .delete(graphExtractions)
    .where(
      and(
        eq(graphExtractions.datasetId, datasetId),
        or(
          sql`substr(${graphExtractions.settings}, 1, ${settings.length + 1}) != ${`${settings}|`}`,
          notInArray(
            graphExtractions.chunkId,
            deps.db.select({ id: chunks.id }).from(chunks).where(eq(chunks.datasetId, datasetId)),
          ),
        ),
      ),
    );

// The documents of the dataset that still exist (a build drops what deleted documents contributed).
export const presentDocuments = async (deps: Deps, datasetId: string) =>
  new Set(
    (await deps.db.select({ id: documents.id }).from(documents).where(eq(documents.datasetId, datasetId))).map(
      (row) => row.id,
    ),
  );
