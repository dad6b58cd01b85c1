import { CITATION_MARKER } from "../../../worker/contract/chats";

// An answer as text for the evaluation's tables, which link no sources: the [ID:n] citation markers go, and so
// does the space they leave before punctuation or beside another space.
export const plainAnswer = (answer: string) =>
  answer
    .replace(CITATION_MARKER, "")
    .replace(/[ \t]+(?=[.,;:!?)])/g, "")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
