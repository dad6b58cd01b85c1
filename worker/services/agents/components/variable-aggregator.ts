import type { ComponentImpl } from "../engine/types";
import { valueOf } from "../engine/variables";
import { checkParams } from "./checked-params";

type Group = { group_name?: string; variables?: { value?: string }[] };

// Python's truthiness, which RAGFlow picks the first value by: no text, 0, an empty list or object count as none.
const hasValue = (value: unknown) => {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
};

// Each group becomes one output: the first of its variables that has a value (branches that did not run have
// none), or null.
export const variableAggregator: ComponentImpl = {
  name: "VariableAggregator",
  run: async ({ params, values }) => {
    checkParams("VariableAggregator", params);
    const groups = (params.groups ?? []) as Group[];
    if (groups.length === 0) throw new Error("VariableAggregator needs at least one group.");
    const outputs: Record<string, unknown> = {};
    for (const group of groups) {
      const name = group.group_name as string;
      if (!name) throw new Error("Every group needs a name.");
      if (!group.variables?.length) throw new Error(`Group ${name} has no variables.`);
      const found = (group.variables ?? []).map((variable) => valueOf(variable.value, values)).find(hasValue);
      outputs[name] = found ?? null;
    }
    return { outputs };
  },
};
