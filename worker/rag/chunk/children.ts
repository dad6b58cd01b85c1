import { parseDelimiters, splitOn } from "./delimiters";
import type { ChunkDraft } from "./types";

// RAGFlow's parent-child chunking: each chunk is split again at the children delimiter; the children are matched
// on their own text and carry the parent's. A chunk that does not split stays as it is.
export const withChildren = (drafts: ChunkDraft[], childrenDelimiter: string): ChunkDraft[] => {
  const { custom, singles } = parseDelimiters(childrenDelimiter);
  return drafts.flatMap((draft) => {
    // backtick delimiters are dropped, a sentence mark stays with its sentence (as the chunk delimiter does)
    const pieces = splitOn(draft.content, custom, { drop: true }).flatMap((part) => splitOn(part, singles));
    if (pieces.length < 2) return [draft];
    // the parent's text is part of each child's id: the same sentence under two parents makes two children
    return pieces.map((piece) => ({
      ...draft,
      content: piece,
      parent: draft.content,
      idKey: `${draft.content}\u0000${piece}`,
    }));
  });
};
