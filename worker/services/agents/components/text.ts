import type { ComponentImpl } from "../engine/types";

// Begin opens the run (its inputs become outputs); Message and Answer speak; Template fills text; Note is canvas
// only; Concentrator joins branches (the runner waits for all of its scheduled inputs).
export const begin: ComponentImpl = {
  name: "Begin",
  run: async ({ values }) => ({
    outputs: { query: values.globals["sys.query"], ...(values.globals["sys.inputs"] as Record<string, unknown>) },
  }),
};

const pick = (contents: unknown) => {
  const list = (Array.isArray(contents) ? contents : [contents]).filter(
    (content) => typeof content === "string" && content.trim(),
  );
  return list[Math.floor(Math.random() * list.length)] ?? "";
};

export const message: ComponentImpl = {
  name: "Message",
  run: async ({ params, render }) => {
    const content = render(pick(params.content));
    return { outputs: { content }, message: content };
  },
};

// Without content of its own, an Answer shows what the components before it produced.
export const answer: ComponentImpl = {
  name: "Answer",
  run: async ({ params, render, component, values }) => {
    const own = render(params.content);
    const content =
      own ||
      component.upstream
        .map((id) => values.outputs.get(id)?.content)
        .filter((text): text is string => typeof text === "string" && text !== "")
        .join("\n\n");
    return { outputs: { content }, message: content, pause: true };
  },
};

export const template: ComponentImpl = {
  name: "Template",
  run: async ({ params, render }) => ({ outputs: { content: render(params.content) } }),
};
export const note: ComponentImpl = { name: "Note", run: async () => ({ outputs: {}, next: [] }) };
export const concentrator: ComponentImpl = { name: "Concentrator", run: async () => ({ outputs: {} }) };
export const iterationItem: ComponentImpl = { name: "IterationItem", run: async () => ({ outputs: {} }) };
