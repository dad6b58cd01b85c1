import type { EmbeddingModel } from "../platform/providers/types";

type Embeddable = { content: string; questions: string[] };

const normalize = (vector: Float32Array) => {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  return vector.map((value) => value / norm);
};

// RAGFlow's chunk vector: w·embed(title) + (1−w)·embed(content), where generated questions replace
// the content, and HTML table tags are stripped first.
export const embedChunks = async (model: EmbeddingModel, title: string, items: Embeddable[], titleWeight: number) => {
  const texts = items.map((item) => (item.questions.length ? item.questions.join("\n") : item.content.replace(/<[^>]+>/g, " ")));
  const [titleVector, ...contentVectors] = await model.embed([title, ...texts]);
  return contentVectors.map((content) =>
    normalize(content.map((value, i) => titleWeight * (titleVector?.[i] ?? 0) + (1 - titleWeight) * value)),
  );
};
