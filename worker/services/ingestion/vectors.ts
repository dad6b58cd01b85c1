import { inArray } from "drizzle-orm";
import { chunks } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import type { ParserConfig } from "../../contract/parser-config";
import { embedChunks, titleWeightOf } from "../../rag/embed";
import type { Deps } from "../context";
import { resolveEmbedding } from "../models/resolve";

// Vectorize cannot delete by namespace, so chunk ids are looked up first (before the rows cascade away).
export const deleteVectorsOf = async (deps: Deps, column: "documentId" | "datasetId", ownerIds: string[]) => {
  for (const part of inChunks(ownerIds)) {
    const ids = (await deps.db.select({ id: chunks.id }).from(chunks).where(inArray(chunks[column], part))).map(
      (row) => row.id,
    );
    if (ids.length) await deps.vectors.deleteByIds(ids);
  }
};

type Embeddable = { id: string; content: string; questions: unknown };

// Embeds chunks with the dataset's model (title-weighted by the document's own parser config, questions first)
// and writes their vectors.
export const storeVectors = async (
  deps: Deps,
  dataset: { id: string; tenantId: string; embdId: string },
  document: { id: string; name: string; parserConfig: unknown },
  rows: Embeddable[],
) => {
  if (rows.length === 0) return;
  const model = await resolveEmbedding(deps, dataset.tenantId, dataset.embdId);
  const titleWeight = titleWeightOf(document.parserConfig as ParserConfig);
  const items = rows.map((row) => ({ content: row.content, questions: (row.questions as string[]) ?? [] }));
  const vectors = await embedChunks(model, document.name, items, titleWeight);
  await deps.vectors.upsert(
    dataset.id,
    model.id,
    rows.map((row, i) => ({ id: row.id, values: vectors[i] as Float32Array, metadata: { doc_id: document.id } })),
  );
};
