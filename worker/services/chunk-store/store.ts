import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { type ChunkRow, chunks } from "../../db/schema";
import { inChunks, rowsPerInsert } from "../../lib/batches";
import { sha256Hex } from "../../lib/crypto";
import { nowMs } from "../../lib/time";
import { embedChunks, titleWeightOf } from "../../rag/embed";
import { countTokens } from "../../rag/tokens";
import type { Deps } from "../context";
import { resolveEmbedding } from "../models/resolve";

// The one place chunk rows and their vectors are written: ids, rows, upserts and vectors for the parser's chunks
// (ingestion), manual chunks (the chunk API) and RAPTOR summaries.

// A parsed or manual chunk's id hashes (document, content), so a retried task rewrites the same rows and a
// manual chunk with a parsed chunk's text is the same chunk.
export const contentChunkId = async (documentId: string, content: string) =>
  (await sha256Hex(`${documentId}\n${content}`)).slice(0, 32);

// A RAPTOR summary's id: its own recipe, so a summary never takes a parsed chunk's id.
export const summaryChunkId = async (documentId: string, text: string) =>
  (await sha256Hex(`raptor\n${documentId}\n${text}`)).slice(0, 32);

export type ChunkInsert = typeof chunks.$inferInsert;

// The document a chunk belongs to (a document row, or the fields of one).
export type ChunkOwner = { id: string; datasetId: string; tenantId: string; name: string };

type ChunkFields = Omit<
  ChunkInsert,
  "datasetId" | "documentId" | "tenantId" | "docName" | "tokenCount" | "createTime" | "updateTime"
>;

// A chunk row of `owner`: the owner's fields, the token count of the text, and the time it was written.
export const chunkRow = (owner: ChunkOwner, fields: ChunkFields, now = nowMs()): ChunkInsert => ({
  datasetId: owner.datasetId,
  documentId: owner.id,
  tenantId: owner.tenantId,
  docName: owner.name,
  tokenCount: countTokens(fields.content),
  ...fields,
  createTime: now,
  updateTime: now,
});

// One row per id, the last one written winning (in the place of the first).
export const uniqueById = <T extends { id: string }>(rows: T[]) => [
  ...new Map(rows.map((row) => [row.id, row])).values(),
];

// What a re-parsed chunk takes over from its new row (the same figure described anew keeps its id).
const REWRITTEN = [
  "content",
  "taskId",
  "position",
  "pages",
  "positions",
  "tokenCount",
  "imageId",
  "momId",
  "momContent",
  "summary",
  "importantKeywords",
  "questions",
  "tags",
  "tagFeatures",
  "updateTime",
] as const;

const rewritten = Object.fromEntries(REWRITTEN.map((key) => [key, sql`excluded.${sql.identifier(chunks[key].name)}`]));

// Every insert binds all columns (drizzle fills in the defaults), so as many rows go into one statement as the
// bound-parameter limit allows.
const ROWS_PER_INSERT = rowsPerInsert(Object.keys(getTableColumns(chunks)).length);

// Writes rows in batched multi-row inserts: "rewrite" updates an existing chunk of the same id (ingestion),
// "keep" leaves it as it is (RAPTOR summaries).
export const upsertChunks = async (deps: Deps, rows: ChunkInsert[], existing: "rewrite" | "keep") => {
  const statements = inChunks(rows, ROWS_PER_INSERT).map((part) => {
    const insert = deps.db.insert(chunks).values(part);
    return existing === "rewrite"
      ? insert.onConflictDoUpdate({ target: chunks.id, set: rewritten })
      : insert.onConflictDoNothing();
  });
  const [first, ...rest] = statements;
  if (first) await deps.db.batch([first, ...rest]);
};

// Inserts one new chunk; undefined when a chunk of its id exists already.
export const insertNewChunk = async (deps: Deps, row: ChunkInsert): Promise<ChunkRow | undefined> => {
  const [inserted] = await deps.db.insert(chunks).values(row).onConflictDoNothing().returning();
  return inserted;
};

// Writes chunk vectors of one embedding model; each vector carries its document's id.
export const writeChunkVectors = (
  deps: Deps,
  datasetId: string,
  modelId: string,
  documentId: string,
  vectors: { id: string; values: Float32Array }[],
) =>
  deps.vectors.upsert(
    datasetId,
    modelId,
    vectors.map(({ id, values }) => ({ id, values, metadata: { doc_id: documentId } })),
  );

type Embeddable = { id: string; content: string; questions?: string[] };

// Embeds chunks with the dataset's model (title-weighted by the document's own parser config, questions first)
// and writes their vectors.
export const storeVectors = async (
  deps: Deps,
  dataset: { id: string; tenantId: string; embdId: string },
  document: { id: string; name: string; parserConfig: { filename_embd_weight?: number } },
  rows: Embeddable[],
) => {
  if (rows.length === 0) return;
  const model = await resolveEmbedding(deps, dataset.tenantId, dataset.embdId);
  const titleWeight = titleWeightOf(document.parserConfig);
  const items = rows.map((row) => ({ content: row.content, questions: row.questions ?? [] }));
  const vectors = await embedChunks(model, document.name, items, titleWeight);
  await writeChunkVectors(
    deps,
    dataset.id,
    model.id,
    document.id,
    rows.map((row, i) => ({ id: row.id, values: vectors[i] as Float32Array })),
  );
};

// Vectorize cannot delete by namespace, so chunk ids are looked up first (before the rows cascade away).
export const deleteVectorsOf = async (deps: Deps, column: "documentId" | "datasetId", ownerIds: string[]) => {
  for (const part of inChunks(ownerIds)) {
    const ids = (await deps.db.select({ id: chunks.id }).from(chunks).where(inArray(chunks[column], part))).map(
      (row) => row.id,
    );
    if (ids.length) await deps.vectors.deleteByIds(ids);
  }
};

// Chunks a task made on an earlier attempt that this attempt no longer produces: gone, rows and vectors.
export const dropTaskChunksExcept = async (deps: Deps, taskId: string, kept: ReadonlySet<string>) => {
  const stale = (await deps.db.select({ id: chunks.id }).from(chunks).where(eq(chunks.taskId, taskId)))
    .map((row) => row.id)
    .filter((id) => !kept.has(id));
  for (const part of inChunks(stale)) await deps.db.delete(chunks).where(inArray(chunks.id, part));
  if (stale.length) await deps.vectors.deleteByIds(stale);
};
