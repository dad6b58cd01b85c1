import type { Dsl } from "../../../contract/agents";

const contentsOf = (content: unknown) =>
  (Array.isArray(content) ? content : [content])
    .filter((text): text is string => typeof text === "string" && text.trim() !== "")
    .map((text) => text.trim());

// The component right downstream of `id` that shows id's content to the user unchanged, if any: a Message whose
// one content is {id@content}, or an Answer with that content or with none and `id` as its only input. Such a
// component's text can stream while `id` writes it.
export const speakerOf = (dsl: Dsl, id: string): string | null => {
  const own = `{${id}@content}`;
  for (const nextId of dsl.components[id]?.downstream ?? []) {
    const next = dsl.components[nextId];
    if (!next) continue;
    const contents = contentsOf(next.obj.params.content);
    const echoes = contents.length === 1 && contents[0] === own;
    if (next.obj.component_name === "Message" && echoes) return nextId;
    if (
      next.obj.component_name === "Answer" &&
      (echoes || (contents.length === 0 && next.upstream.length === 1 && next.upstream[0] === id))
    )
      return nextId;
  }
  return null;
};
