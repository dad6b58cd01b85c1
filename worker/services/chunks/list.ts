import { and, asc, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { ListChunksQuery } from "../../contract/chunks";
import { chunks } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { foldSharpS } from "../../lib/text";
import type { ServiceContext } from "../context";
import { withImageUrls } from "../scope/chunk-image";
import { toDocument } from "../documents/serialize";
import { getChunkScope } from "./internal";
import { toChunk, toStoredChunk } from "./serialize";

export const listChunks = async (
  ctx: ServiceContext,
  datasetId: string,
  documentId: string,
  query: ListChunksQuery,
) => {
  const { document } = await getChunkScope(ctx, datasetId, documentId);
  const filters: SQL[] = [eq(chunks.documentId, documentId)];
  if (query.id) filters.push(eq(chunks.id, query.id));
  if (query.available !== undefined)
    filters.push(eq(chunks.available, query.available === "1" || query.available === "true"));
  if (query.keywords) {
    const needle = foldSharpS(query.keywords.toLowerCase());
    const inContent = sql`instr(replace(lower(${chunks.content}), 'ß', 'ss'), ${needle}) > 0`;
    // RAGFlow's search also reads the title its parser gives each chunk (a chunk added by hand has none): a
    // keyword in the document's name finds the parsed chunks
    const inName = foldSharpS(document.name.toLowerCase()).includes(needle);
    filters.push(inName ? (or(inContent, eq(chunks.manual, false)) as SQL) : inContent);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(chunks)
      .where(where)
      .orderBy(asc(chunks.position), asc(chunks.createTime))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(chunks).where(where),
  ]);
  // RAGFlow's list_chunks looks one id up in its store and fails when the document has no such chunk
  if (query.id && rows.length === 0) throw dataError(`Chunk not found: ${datasetId}/${query.id}`);
  return {
    chunks: await withImageUrls(ctx.config, rows.map(toChunk)),
    doc: toDocument(document),
    total: total?.n ?? 0,
  };
};

export const getStoredChunk = async (ctx: ServiceContext, datasetId: string, documentId: string, chunkId: string) => {
  await getChunkScope(ctx, datasetId, documentId);
  const row = await ctx.db.query.chunks.findFirst({
    where: and(eq(chunks.id, chunkId), eq(chunks.documentId, documentId)),
  });
  if (!row) throw dataError("Chunk not found!");
  return toStoredChunk(row);
};
