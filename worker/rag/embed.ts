import type { EmbeddingModel } from "../platform/providers/types";
import { mixTitle, normalize } from "./vector-math";

type Embeddable = { content: string; questions: string[] };


// RAGFlow's chunk vector: w·embed(title) + (1−w)·embed(content), where generated questions replace
// the content, and HTML table tags are stripped first.
export const embedChunks = async (model: EmbeddingModel, title: string, items: Embeddable[], titleWeight: number) => {
  const texts = items.map((item) => (item.questions.length ? item.questions.join("\n") : item.content.replace(/<[^>]+>/g, " ")));
  const [titleVector, ...contentVectors] = await model.embed([title, ...texts]);
  return contentVectors.map((content) =>
    normalize(mixTitle(titleVector ?? [], content, titleWeight)),
  );
};
