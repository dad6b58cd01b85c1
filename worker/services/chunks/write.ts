import { and, eq, inArray, max } from "drizzle-orm";
import type { CreateChunkInput, UpdateChunkInput } from "../../contract/chunks";
import { chunks } from "../../db/schema";
import { eachChunk, inChunks, rowsInChunks } from "../../lib/batches";
import { bulkError, bulkReport, splitDuplicates } from "../../lib/bulk-report";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { givenPlaces } from "../../rag/chunk/positions";
import { qaContent, splitQaContent } from "../../rag/chunk/records";
import { countTokens } from "../../rag/tokens";
import type { ServiceContext } from "../context";
import { recountDocument } from "../ingestion/counters";
import { getChunkInDocument, getChunkScope } from "./internal";
import { chunkRow, contentChunkId, insertNewChunk, storeVectors } from "../chunk-store/store";
import { decodeChunkImage, givenImageId, storeChunkImage } from "../scope/chunk-image";
import { toChunk } from "./serialize";

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
  // The first chunk of a content takes the content's id; the same content again is a chunk of its own (RAGFlow
  // counts every add), so the document's count and its chunk list agree.
  const fields = (id: string) =>
    chunkRow(document, {
      id,
      content: input.content,
      importantKeywords: input.important_keywords ?? [],
      questions: input.questions ?? [],
      tags: input.tag_kwd ?? [],
      tagFeatures: input.tag_feas ?? {},
      position: (last?.position ?? -1) + 1,
      ...(input.positions ? givenPlaces(input.positions) : {}),
      imageId: image ? givenImageId(document, id) : "",
      manual: true,
    });
  const stored =
    (await insertNewChunk(ctx, fields(await contentChunkId(documentId, input.content)))) ??
    (await insertNewChunk(ctx, fields(newId())));
  if (!stored) throw dataError("The chunk could not be stored.");
  const id = stored.id;
  if (image) await storeChunkImage(ctx, document, id, image);
  await storeVectors(ctx, dataset, document, [stored]);
  await recountDocument(ctx, documentId, datasetId);
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
      ...(input.positions ? givenPlaces(input.positions) : {}),
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
