import type { ComponentImpl } from "../engine/types";

const MAX_ITEMS = 100;

const itemsOf = (value: unknown, delimiter: string): unknown[] => {
  if (Array.isArray(value)) return value;
  const text = String(value ?? "").trim();
  if (text.startsWith("[")) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // not JSON: split below
    }
  }
  return text
    ? text
        .split(delimiter || ",")
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
};

// Runs the components inside the Iteration once per item ({Iteration:x@item}, {Iteration:x@index}); the output
// of the last of them, per item, is collected into `results`.
export const iteration: ComponentImpl = {
  name: "Iteration",
  run: async ({ id, params, resolve, runChildren }) => {
    const items = itemsOf(resolve(params.items_ref), String(params.delimiter ?? ","));
    if (items.length > MAX_ITEMS) throw new Error(`At most ${MAX_ITEMS} items per iteration.`);
    const results: unknown[] = [];
    for (const [index, item] of items.entries()) {
      const last = await runChildren(id, item, index);
      results.push(last?.content ?? last?.result ?? null);
    }
    return {
      outputs: {
        results,
        content: results.map((result) => (typeof result === "string" ? result : JSON.stringify(result))).join("\n"),
      },
    };
  },
};
