import type { EmbeddingModel } from "../platform/providers/types";
import { mixTitle, normalize } from "./vector-math";

type Embeddable = { content: string; questions: string[] };

// The text a chunk is embedded by: its generated questions when it has them, else its content without HTML
// table tags.
export const embeddingText = (item: Embeddable) =>
  item.questions.length ? item.questions.join("\n") : item.content.replace(/<[^>]+>/g, " ");

// The title weight indexing uses: the document's filename_embd_weight (RAGFlow's 0.1 by default).
export const titleWeightOf = (parserConfig: { filename_embd_weight?: number } | null | undefined) =>
  parserConfig?.filename_embd_weight ?? 0.1;

// RAGFlow's chunk vector: w·embed(title) + (1−w)·embed(text).
export const embedChunks = async (model: EmbeddingModel, title: string, items: Embeddable[], titleWeight: number) => {
  const [titleVector, ...contentVectors] = await model.embed([title, ...items.map(embeddingText)]);
  return contentVectors.map((content) => normalize(mixTitle(titleVector ?? [], content, titleWeight)));
};
