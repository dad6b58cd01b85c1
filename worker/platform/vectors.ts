import { D1_MAX_PARAMS, inChunks } from "../lib/batches";
import { base64ToBytes, bytesToBase64 } from "../lib/bytes";
import type { D1Client } from "./d1-meter";

export type VectorMetadata = Record<string, string | number | boolean>;
export type VectorRecord = { id: string; values: Float32Array; metadata: VectorMetadata };
export type VectorMatch = { id: string; score: number; metadata: VectorMetadata };

// Same ids, namespaces (dataset + model) and metadata semantics in production (Vectorize) and
// locally (vectors kept in D1's chunk_vectors table, scored by brute-force cosine). Every embedding is
// L2-normalised when it is made (query and stored alike), so cosine is a plain dot product.
export type VectorIndex = {
  upsert(namespace: string, model: string, records: VectorRecord[]): Promise<void>;
  // `withMetadata`: the matches carry their metadata. Vectorize then answers at most 20 matches (100 without).
  query(
    namespace: string,
    model: string,
    vector: Float32Array,
    topK: number,
    withMetadata?: boolean,
  ): Promise<VectorMatch[]>;
  // The similarity of the given vectors to `vector` (ids without a vector are left out): candidates found
  // another way get their vector score too, not only the nearest top_k.
  similarities(namespace: string, model: string, vector: Float32Array, ids: string[]): Promise<Map<string, number>>;
  // The stored vectors of these ids in the namespace (RAPTOR clusters what was indexed, without re-embedding).
  vectorsOf(namespace: string, model: string, ids: string[]): Promise<Map<string, Float32Array>>;
  deleteByIds(ids: string[]): Promise<void>;
  // Stored vector dimensions of these namespaces (what Vectorize bills and limits). Vectorize cannot count per
  // namespace, so there it is `vectorCount` × the index's dimensions.
  storedDimensions(namespaces: string[], vectorCount: number): Promise<number>;
};

const dot = (a: Float32Array, b: ArrayLike<number>, offset = 0) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[offset + i] ?? 0);
  return sum;
};

// A query vector's non-zero dimensions: scoring a row visits only those (the built-in lexical embedder fills
// about a quarter of them), in the same order, so every score is the same number as the full dot product.
const nonZero = (query: Float32Array) => {
  const dims: number[] = [];
  const values: number[] = [];
  query.forEach((value, dim) => {
    if (value !== 0) {
      dims.push(dim);
      values.push(value);
    }
  });
  return { dims: Int32Array.from(dims), values: Float64Array.from(values) };
};

const sparseDot = (query: ReturnType<typeof nonZero>, matrix: Float32Array, offset: number) => {
  let sum = 0;
  for (let k = 0; k < query.dims.length; k++)
    sum += (query.values[k] as number) * (matrix[offset + (query.dims[k] as number)] as number);
  return sum;
};

// Rows of the k best scores, best first, without sorting them all: a row enters the kept list (kept sorted)
// only when it beats the worst kept one, which after the first few hundred rows is rare.
export const bestRows = (scores: Float64Array, k: number) => {
  const kept: number[] = [];
  for (let row = 0; row < scores.length; row++) {
    const score = scores[row] ?? -Infinity;
    if (score === -Infinity || (kept.length === k && score <= (scores[kept[k - 1] ?? 0] ?? -Infinity))) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((scores[kept[middle] ?? 0] ?? -Infinity) >= score) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, row);
    if (kept.length > k) kept.pop();
  }
  return kept;
};

export const toBase64 = (vector: Float32Array) =>
  bytesToBase64(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));

export const fromBase64 = (text: string) => new Float32Array(base64ToBytes(text).buffer);

type VectorRow = { id: string; vector: string; metadata: string };

type CachedNamespace = {
  stamp: string;
  checkedAt: number;
  ids: string[];
  rowOf: Map<string, number>;
  metadata: VectorMetadata[];
  matrix: Float32Array;
  dims: number;
};

// Decoding base64 rows dominates a brute-force query, so each isolate keeps the decoded matrix of a
// namespace until its row count or newest update changes. Bounded: larger namespaces are scored uncached.
// A check younger than FRESH_MS is trusted (writes in this isolate drop the entry at once; those of others
// show within FRESH_MS, as Vectorize's own writes take seconds to become visible).
const cache = new Map<string, CachedNamespace>();
const CACHE_MAX_FLOATS = 64 * 1024 * 1024;
const FRESH_MS = 2000;
const cachedFloats = () => [...cache.values()].reduce((sum, entry) => sum + entry.matrix.length, 0);

const namespaceHead = async (d1: D1Client, namespace: string, model: string) => {
  const head = await d1
    .prepare(
      "SELECT count(*) AS n, coalesce(max(updated_at), 0) AS latest, coalesce(max(dims), 0) AS dims FROM chunk_vectors WHERE namespace = ? AND model = ?",
    )
    .bind(namespace, model)
    .first<{ n: number; latest: number; dims: number }>();
  return { stamp: `${head?.n ?? 0}:${head?.latest ?? 0}`, dims: head?.dims ?? 0 };
};

// The cached entry when still current; otherwise the head just read, so a reload need not ask again.
const cachedOrHead = async (
  d1: D1Client,
  namespace: string,
  model: string,
): Promise<{ hit: CachedNamespace } | { head: Awaited<ReturnType<typeof namespaceHead>> }> => {
  const hit = cache.get(`${namespace}|${model}`);
  if (hit && Date.now() - hit.checkedAt < FRESH_MS) return { hit };
  const head = await namespaceHead(d1, namespace, model);
  if (!hit || hit.stamp !== head.stamp) return { head };
  hit.checkedAt = Date.now();
  return { hit };
};

const loadNamespace = async (d1: D1Client, namespace: string, model: string): Promise<CachedNamespace> => {
  const found = await cachedOrHead(d1, namespace, model);
  if ("hit" in found) return found.hit;
  const { stamp, dims } = found.head;
  const { results } = await d1
    .prepare("SELECT id, vector, metadata FROM chunk_vectors WHERE namespace = ? AND model = ?")
    .bind(namespace, model)
    .all<VectorRow>();
  const matrix = new Float32Array(results.length * dims);
  results.forEach((row, i) => matrix.set(fromBase64(row.vector).subarray(0, dims), i * dims));
  const ids = results.map((row) => row.id);
  const metadata = results.map((row) => JSON.parse(row.metadata) as VectorMetadata);
  const entry = {
    stamp,
    checkedAt: Date.now(),
    dims,
    matrix,
    ids,
    rowOf: new Map(ids.map((id, row) => [id, row])),
    metadata,
  };
  const key = `${namespace}|${model}`;
  cache.delete(key);
  if (cachedFloats() + matrix.length <= CACHE_MAX_FLOATS) cache.set(key, entry);
  return entry;
};

const storedVectors = async (d1: D1Client, namespace: string, model: string, ids: string[]) => {
  const vectors = new Map<string, Float32Array>();
  for (const part of inChunks(ids, D1_MAX_PARAMS - 2)) {
    const { results } = await d1
      .prepare(
        `SELECT id, vector FROM chunk_vectors WHERE namespace = ? AND model = ? AND id IN (${part.map(() => "?").join(",")})`,
      )
      .bind(namespace, model, ...part)
      .all<{ id: string; vector: string }>();
    for (const row of results) vectors.set(row.id, fromBase64(row.vector));
  }
  return vectors;
};

export const createD1VectorIndex = (d1: D1Client): VectorIndex => ({
  async upsert(namespace, model, records) {
    cache.delete(`${namespace}|${model}`);
    const statement = d1.prepare(
      `INSERT INTO chunk_vectors (id, namespace, model, dims, vector, metadata, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET namespace = excluded.namespace, model = excluded.model, dims = excluded.dims,
       vector = excluded.vector, metadata = excluded.metadata, updated_at = excluded.updated_at`,
    );
    for (const part of inChunks(records, 50)) {
      await d1.batch(
        part.map((r) =>
          statement.bind(
            r.id,
            namespace,
            model,
            r.values.length,
            toBase64(r.values),
            JSON.stringify(r.metadata),
            Date.now(),
          ),
        ),
      );
    }
  },
  async query(namespace, model, vector, topK) {
    const { ids, metadata, matrix, dims } = await loadNamespace(d1, namespace, model);
    const scores = new Float64Array(ids.length);
    const query = nonZero(vector.subarray(0, dims));
    for (let row = 0; row < ids.length; row++) scores[row] = sparseDot(query, matrix, row * dims);
    return bestRows(scores, topK).map((row) => ({
      id: ids[row] as string,
      score: scores[row] ?? 0,
      metadata: metadata[row] ?? {},
    }));
  },
  async similarities(namespace, model, vector, ids) {
    const scores = new Map<string, number>();
    const found = await cachedOrHead(d1, namespace, model);
    if ("hit" in found) {
      const cached = found.hit;
      const query = nonZero(vector.subarray(0, cached.dims));
      for (const id of ids) {
        const row = cached.rowOf.get(id);
        if (row !== undefined) scores.set(id, sparseDot(query, cached.matrix, row * cached.dims));
      }
      return scores;
    }
    for (const [id, stored] of await storedVectors(d1, namespace, model, ids)) scores.set(id, dot(vector, stored));
    return scores;
  },
  vectorsOf: (namespace, model, ids) => storedVectors(d1, namespace, model, ids),
  async deleteByIds(ids) {
    cache.clear();
    for (const part of inChunks(ids)) {
      await d1
        .prepare(`DELETE FROM chunk_vectors WHERE id IN (${part.map(() => "?").join(",")})`)
        .bind(...part)
        .run();
    }
  },
  async storedDimensions(namespaces) {
    let total = 0;
    for (const part of inChunks(namespaces)) {
      const row = await d1
        .prepare(
          `SELECT coalesce(sum(dims), 0) AS dims FROM chunk_vectors WHERE namespace IN (${part.map(() => "?").join(",")})`,
        )
        .bind(...part)
        .first<{ dims: number }>();
      total += row?.dims ?? 0;
    }
    return total;
  },
});

// Vectorize returns at most 20 vectors per getByIds; ids are global, so the namespace is checked here.
const vectorizeVectors = async (index: VectorizeIndex, namespace: string, model: string, ids: string[]) => {
  const vectors = new Map<string, Float32Array>();
  for (const part of inChunks(ids, 20)) {
    for (const stored of await index.getByIds(part)) {
      if (stored.namespace === `${namespace}:${model}`) vectors.set(stored.id, Float32Array.from(stored.values));
    }
  }
  return vectors;
};

// Production: one Vectorize index; namespace = dataset id + model so vectors of two models never mix.
export const createVectorizeIndex = (index: VectorizeIndex): VectorIndex => ({
  async upsert(namespace, model, records) {
    for (const part of inChunks(records, 500)) {
      await index.upsert(
        part.map((r) => ({
          id: r.id,
          values: [...r.values],
          namespace: `${namespace}:${model}`,
          metadata: r.metadata,
        })),
      );
    }
  },
  async query(namespace, model, vector, topK, withMetadata = false) {
    const result = await index.query([...vector], {
      topK: Math.min(topK, withMetadata ? 20 : 100),
      namespace: `${namespace}:${model}`,
      returnMetadata: withMetadata ? "all" : "none",
    });
    return result.matches.map((m) => ({ id: m.id, score: m.score, metadata: (m.metadata ?? {}) as VectorMetadata }));
  },
  async similarities(namespace, model, vector, ids) {
    const scores = new Map<string, number>();
    for (const [id, stored] of await vectorizeVectors(index, namespace, model, ids))
      scores.set(id, dot(vector, stored));
    return scores;
  },
  vectorsOf: (namespace, model, ids) => vectorizeVectors(index, namespace, model, ids),
  async deleteByIds(ids) {
    for (const part of inChunks(ids, 1000)) await index.deleteByIds(part);
  },
  async storedDimensions(_namespaces, vectorCount) {
    if (vectorCount === 0) return 0;
    // Vectorize v2 answers {dimensions}, the beta {config: {dimensions}}
    const info = (await index.describe()) as unknown as { dimensions?: number; config?: { dimensions?: number } };
    return vectorCount * (info.dimensions ?? info.config?.dimensions ?? 0);
  },
});
