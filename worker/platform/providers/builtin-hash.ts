import { stem } from "../../lib/terms";
import { foldForMatching, wordsOf } from "../../lib/text";
import type { EmbeddingModel } from "./types";

export const BUILTIN_HASH_ID = "builtin-hash@Builtin";

// RAGFlow's default embedding ids (its test suites and SDK examples send them). Buddy ships no bge weights, so
// they name the built-in embedder; the dataset keeps the id the client chose.
export const RAGFLOW_DEFAULT_EMBEDDING_IDS: readonly string[] = [
  "BAAI/bge-small-en-v1.5@Builtin",
  "BAAI/bge-small-en-v1.5@Local@Builtin",
];
const DIMS = 512;

// FNV-1a: fast, stable across runtimes, good enough spread for feature hashing.
const hash = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

const add = (vector: Float32Array, feature: string, weight: number) => {
  const h = hash(feature);
  vector[h % DIMS] = (vector[h % DIMS] ?? 0) + (h & 0x80000000 ? -weight : weight);
};

// A lexical stand-in for a neural embedding (labelled as such in the UI): words, their stems, word pairs
// and character 3/4-grams hashed into 512 signed buckets, L2-normalised. Works offline, no weights.
export const embedText = (text: string): Float32Array => {
  const vector = new Float32Array(DIMS);
  const words = wordsOf(text);
  words.forEach((word, i) => {
    add(vector, `w:${word}`, 0.5);
    add(vector, `s:${stem(word)}`, 1);
    const next = words[i + 1];
    if (next) add(vector, `p:${word} ${next}`, 0.5);
    const padded = ` ${foldForMatching(word)} `;
    for (const n of [3, 4]) {
      for (let j = 0; j + n <= padded.length; j++) add(vector, `c:${padded.slice(j, j + n)}`, 0.25);
    }
  });
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < DIMS; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
};

export const builtinHashEmbedding: EmbeddingModel = {
  id: BUILTIN_HASH_ID,
  dims: DIMS,
  similarityFloor: 0,
  embed: async (texts) => texts.map(embedText),
};
