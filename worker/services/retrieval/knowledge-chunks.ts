import { inArray } from "drizzle-orm";
import type { RetrievedChunk } from "../../contract/retrieval";
import { documents } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import type { KnowledgeChunk } from "../../rag/chat/knowledge";
import type { ServiceContext } from "../context";

// Retrieved chunks as the knowledge prompt shows them: with their document's source URL and metadata, as RAGFlow's
// kb_prompt adds them under the title.
export const knowledgeChunks = async (ctx: ServiceContext, chunks: RetrievedChunk[]): Promise<KnowledgeChunk[]> => {
  const ids = [...new Set(chunks.map((chunk) => chunk.document_id))];
  const rows = [];
  for (const part of inChunks(ids)) {
    rows.push(
      ...(await ctx.db
        .select({ id: documents.id, url: documents.sourceUrl, meta: documents.metaFields })
        .from(documents)
        .where(inArray(documents.id, part))),
    );
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return chunks.map((chunk) => {
    const doc = byId.get(chunk.document_id);
    return {
      content: chunk.content,
      document_name: chunk.document_keyword,
      url: doc?.url,
      meta: (doc?.meta ?? {}) as Record<string, unknown>,
    };
  });
};
