import { inChunks } from "../lib/batches";

export type VectorMetadata = Record<string, string | number | boolean>;
export type VectorRecord = { id: string; values: Float32Array; metadata: VectorMetadata };
export type VectorMatch = { id: string; score: number; metadata: VectorMetadata };

// Same ids, namespaces (dataset + model) and metadata semantics in production (Vectorize) and
// locally (vectors kept in D1's chunk_vectors table, scored by brute-force cosine).
export type VectorIndex = {
  upsert(namespace: string, model: string, records: VectorRecord[]): Promise<void>;
  query(namespace: string, model: string, vector: Float32Array, topK: number, filter?: VectorMetadata): Promise<VectorMatch[]>;
  deleteByIds(ids: string[]): Promise<void>;
};

export const toBase64 = (vector: Float32Array) => {
  const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

export const fromBase64 = (text: string) => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Float32Array(bytes.buffer);
};

const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
};

const matches = (metadata: VectorMetadata, filter: VectorMetadata | undefined) =>
  !filter || Object.entries(filter).every(([key, value]) => metadata[key] === value);

type VectorRow = { id: string; vector: string; metadata: string };

export const createD1VectorIndex = (d1: D1Database): VectorIndex => ({
  async upsert(namespace, model, records) {
    const statement = d1.prepare(
      `INSERT INTO chunk_vectors (id, namespace, model, dims, vector, metadata) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET namespace = excluded.namespace, model = excluded.model, dims = excluded.dims,
       vector = excluded.vector, metadata = excluded.metadata`,
    );
    for (const part of inChunks(records, 50)) {
      await d1.batch(
        part.map((r) => statement.bind(r.id, namespace, model, r.values.length, toBase64(r.values), JSON.stringify(r.metadata))),
      );
    }
  },
  async query(namespace, model, vector, topK, filter) {
    const { results } = await d1
      .prepare("SELECT id, vector, metadata FROM chunk_vectors WHERE namespace = ? AND model = ?")
      .bind(namespace, model)
      .all<VectorRow>();
    return results
      .map((row) => ({ id: row.id, metadata: JSON.parse(row.metadata) as VectorMetadata, score: dot(vector, fromBase64(row.vector)) }))
      .filter((match) => matches(match.metadata, filter))
      .toSorted((a, b) => b.score - a.score)
      .slice(0, topK);
  },
  async deleteByIds(ids) {
    for (const part of inChunks(ids)) {
      await d1.prepare(`DELETE FROM chunk_vectors WHERE id IN (${part.map(() => "?").join(",")})`).bind(...part).run();
    }
  },
});

// Production: one Vectorize index; namespace = dataset id + model so vectors of two models never mix.
export const createVectorizeIndex = (index: VectorizeIndex): VectorIndex => ({
  async upsert(namespace, model, records) {
    for (const part of inChunks(records, 500)) {
      await index.upsert(part.map((r) => ({ id: r.id, values: [...r.values], namespace: `${namespace}:${model}`, metadata: r.metadata })));
    }
  },
  async query(namespace, model, vector, topK, filter) {
    const result = await index.query([...vector], { topK: Math.min(topK, 100), namespace: `${namespace}:${model}`, filter, returnMetadata: "all" });
    return result.matches.map((m) => ({ id: m.id, score: m.score, metadata: (m.metadata ?? {}) as VectorMetadata }));
  },
  async deleteByIds(ids) {
    for (const part of inChunks(ids, 1000)) await index.deleteByIds(part);
  },
});
