import { and, eq, inArray, max, sql } from "drizzle-orm";
import type { CreateChunkInput, UpdateChunkInput } from "../../contract/chunks";
import { chunks, datasets, documents } from "../../db/schema";
import { eachChunk, inChunks, rowsInChunks } from "../../lib/batches";
import { bulkError, bulkReport, splitDuplicates } from "../../lib/bulk-report";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { qaContent, splitQaContent } from "../../rag/chunk/records";
import { countTokens } from "../../rag/tokens";
import type { ServiceContext } from "../context";
import { recountDocument } from "../ingestion/counters";
import { getChunkInDocument, getChunkScope } from "./internal";
import { chunkRow, contentChunkId, insertNewChunk, storeVectors } from "../chunk-store/store";
import { decodeChunkImage, givenImageId, storeChunkImage } from "../scope/chunk-image";
import { toChunk } from "./serialize";

// RAGFlow's chunk_num counts every add, the same content again too (its store keeps one chunk): v0.27's clients
// read the document's chunk_count after an add as one more. The next recount (any other chunk change) sets the
// count to the chunks stored again.
const countRepeatedAdd = async (ctx: ServiceContext, documentId: string, datasetId: string) => {
  await ctx.db.batch([
    ctx.db
      .update(documents)
      .set({ chunkNum: sql`${documents.chunkNum} + 1` })
      .where(eq(documents.id, documentId)),
    ctx.db
      .update(datasets)
      .set({ chunkNum: sql`${datasets.chunkNum} + 1` })
      .where(eq(datasets.id, datasetId)),
  ]);
};

// A manual chunk is indexed at once (keyword index by trigger, vector here) and counted.
export const createChunk = async (
  ctx: ServiceContext,
  datasetId: string,
  documentId: string,
  input: CreateChunkInput,
) => {
  const { dataset, document } = await getChunkScope(ctx, datasetId, documentId);
  const image = input.image_base64 ? decodeChunkImage(input.image_base64) : null;
  const [last] = await ctx.db
    .select({ position: max(chunks.position) })
    .from(chunks)
    .where(eq(chunks.documentId, documentId));
  const id = await contentChunkId(documentId, input.content);
  const imageId = image ? givenImageId(document, id) : "";
  const row = await insertNewChunk(
    ctx,
    chunkRow(document, {
      id,
      content: input.content,
      importantKeywords: input.important_keywords ?? [],
      questions: input.questions ?? [],
      tags: input.tag_kwd ?? [],
      tagFeatures: input.tag_feas ?? {},
      position: (last?.position ?? -1) + 1,
      imageId,
      manual: true,
    }),
  );
  // The id comes from the content, so the same content again is the same chunk: as in RAGFlow (whose store
  // upserts), its keywords, questions and tags are replaced and it answers as added.
  const stored =
    row ??
    (
      await ctx.db
        .update(chunks)
        .set({
          importantKeywords: input.important_keywords ?? [],
          questions: input.questions ?? [],
          tags: input.tag_kwd ?? [],
          tagFeatures: input.tag_feas ?? {},
          ...(image ? { imageId } : {}),
          updateTime: nowMs(),
        })
        .where(and(eq(chunks.id, id), eq(chunks.documentId, documentId)))
        .returning()
    )[0];
  if (!stored) throw dataError("A chunk with the same content already exists in this document.");
  if (image) await storeChunkImage(ctx, document, id, image);
  await storeVectors(ctx, dataset, document, [stored]);
  if (row) await recountDocument(ctx, documentId, datasetId);
  else await countRepeatedAdd(ctx, documentId, datasetId);
  return { chunk: toChunk(stored) };
};

// Edits re-index the keyword fields (trigger) and re-embed when the text that feeds the vector changed.
export const updateChunk = async (
  ctx: ServiceContext,
  datasetId: string,
  documentId: string,
  chunkId: string,
  input: UpdateChunkInput,
) => {
  const { dataset, document } = await getChunkScope(ctx, datasetId, documentId);
  const current = await getChunkInDocument(ctx, documentId, chunkId);
  const image = input.image_base64 ? decodeChunkImage(input.image_base64) : null;
  if (image) await storeChunkImage(ctx, document, current.id, image);
  const imageId = image ? givenImageId(document, current.id) : undefined;
  const qa = document.parserId === "qa" && input.content !== undefined ? splitQaContent(input.content) : null;
  const content = qa ? qaContent(qa.question, qa.answer) : input.content;
  const [row] = await ctx.db
    .update(chunks)
    .set({
      content,
      tokenCount: content === undefined ? undefined : countTokens(content),
      importantKeywords: input.important_keywords,
      // a Q&A chunk is matched on its question, which follows its text
      questions: qa ? [qa.question] : input.questions,
      tags: input.tag_kwd,
      tagFeatures: input.tag_feas,
      available: input.available,
      imageId,
      pages: input.positions ? [...new Set(input.positions.map(([page]) => page as number))] : undefined,
      updateTime: nowMs(),
    })
    .where(eq(chunks.id, current.id))
    .returning();
  if (!row) throw dataError(`Can't find this chunk ${chunkId}`);
  if (input.content !== undefined || input.questions !== undefined) await storeVectors(ctx, dataset, document, [row]);
  await recountDocument(ctx, documentId, datasetId);
  return true;
};

export const switchChunks = async (
  ctx: ServiceContext,
  datasetId: string,
  documentId: string,
  ids: string[],
  available: boolean,
) => {
  await getChunkScope(ctx, datasetId, documentId);
  for (const part of inChunks(ids)) {
    await ctx.db
      .update(chunks)
      .set({ available, updateTime: nowMs() })
      .where(and(eq(chunks.documentId, documentId), inArray(chunks.id, part)));
  }
  return true;
};

export const removeChunks = async (
  ctx: ServiceContext,
  datasetId: string,
  documentId: string,
  ids: string[] | null,
  all: boolean,
) => {
  await getChunkScope(ctx, datasetId, documentId);
  const requested = all
    ? (await ctx.db.select({ id: chunks.id }).from(chunks).where(eq(chunks.documentId, documentId))).map(
        (row) => row.id,
      )
    : (ids ?? []);
  // RAGFlow's rm_chunk: no ids (or delete_all on a document without chunks) deletes nothing and succeeds
  if (requested.length === 0) return bulkReport(0, []);
  const { unique, duplicateErrors } = splitDuplicates(requested, "chunk");
  const found = await rowsInChunks(unique, (part) =>
    ctx.db
      .select({ id: chunks.id })
      .from(chunks)
      .where(and(eq(chunks.documentId, documentId), inArray(chunks.id, part))),
  );
  const targets = found.map((row) => row.id);
  // RAGFlow's rm_chunk deletes the chunks it finds and fails on the count when some were not found
  if (targets.length > 0) {
    await eachChunk(targets, (part) =>
      ctx.db.delete(chunks).where(and(eq(chunks.documentId, documentId), inArray(chunks.id, part))),
    );
    await ctx.vectors.deleteByIds(targets);
    await recountDocument(ctx, documentId, datasetId);
  }
  if (targets.length !== unique.length) {
    const foundIds = new Set(targets);
    const missing = unique.filter((id) => !foundIds.has(id));
    throw bulkError(`rm_chunk deleted chunks ${targets.length}, expect ${unique.length}`, targets.length, [
      ...missing.map((id) => `Chunk ${id} not found.`),
      ...duplicateErrors,
    ]);
  }
  return bulkReport(targets.length, duplicateErrors);
};
