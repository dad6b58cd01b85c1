// A new conversation is named after its first question, at most this many characters (RAGFlow cuts at 60).
export const CONVERSATION_NAME_CHARS = 60;

// The question on one line, cut at the last word boundary that fits with "…"; a single word longer than half the
// name is cut inside, as there is no better place.
export const conversationNameOf = (question: string, max = CONVERSATION_NAME_CHARS) => {
  const line = question.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const room = line.slice(0, max - 1);
  const boundary = line[max - 1] === " " ? room.length : room.lastIndexOf(" ");
  const cut = boundary >= max / 2 ? room.slice(0, boundary) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/, "")}…`;
};
