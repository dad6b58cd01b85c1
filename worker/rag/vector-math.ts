// Plain vector arithmetic shared by embedding, clustering and the similarity checks.

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
};

// Cosine of two vectors of any length (0 when one is all zeros).
export const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  const norms = Math.sqrt(dot(a, a) * dot(b, b));
  return norms ? dot(a, b) / norms : 0;
};

export const normalize = (vector: Float32Array) => {
  const norm = Math.sqrt(dot(vector, vector)) || 1;
  return vector.map((value) => value / norm);
};

// RAGFlow's chunk vector: w·title + (1 − w)·content (unnormalised).
export const mixTitle = (title: ArrayLike<number>, content: Float32Array, titleWeight: number) =>
  content.map((value, i) => titleWeight * (title[i] ?? 0) + (1 - titleWeight) * value);

// A cosine rescaled from a model's "unrelated" level (its similarity floor), so thresholds mean the same for every
// embedding model.
export const aboveFloor = (floor: number, similarity: number) => Math.max(0, (similarity - floor) / (1 - floor));
