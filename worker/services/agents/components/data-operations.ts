import type { DataOperation, FilterOperator } from "../../../contract/agent-flow-params";
import type { ComponentImpl } from "../engine/types";
import { render, valueOf } from "../engine/variables";
import { checkParams } from "./checked-params";
import { filterMatches, pythonText } from "./filter-match";

type DataObject = Record<string, unknown>;
type Values = Parameters<typeof valueOf>[1];

const isObject = (value: unknown): value is DataObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// The objects the query's variables hold: objects as they are, the objects inside lists; nothing else.
const objectsOf = (query: unknown, values: Values): DataObject[] =>
  (Array.isArray(query) ? query : [query]).flatMap((reference) => {
    const value = valueOf(reference, values);
    if (isObject(value)) return [value];
    if (Array.isArray(value)) return value.filter(isObject);
    return [];
  });

const PYTHON_WORDS: Record<string, unknown> = { True: true, False: false, None: null };

// Text that spells a value (JSON, a number, True/False/None) becomes that value, all the way down; other text stays.
const literal = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(literal);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, literal(item)]));
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed in PYTHON_WORDS) return PYTHON_WORDS[trimmed];
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (/^[[{"]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  return value;
};

// Same keys gather their values in a list.
const combine = (objects: DataObject[]) => {
  const result: DataObject = {};
  for (const object of objects)
    for (const [key, value] of Object.entries(object)) {
      if (!(key in result)) result[key] = value;
      else if (Array.isArray(result[key])) result[key] = [...result[key], ...(Array.isArray(value) ? value : [value])];
      else result[key] = [result[key], ...(Array.isArray(value) ? value : [value])];
    }
  return result;
};

type Rule = { key?: string; operator?: FilterOperator; value?: unknown };
type Update = { key?: string; value?: unknown };
type Rename = { old_key?: string; new_key?: string };

const run = (operation: DataOperation, objects: DataObject[], params: Record<string, unknown>, values: Values) => {
  const filled = (value: unknown) => render(value, values) || value;
  switch (operation) {
    case "select_keys": {
      const keys = (params.select_keys ?? []) as string[];
      return objects.map((object) => Object.fromEntries(Object.entries(object).filter(([key]) => keys.includes(key))));
    }
    case "literal_eval":
      return literal(objects);
    case "combine":
      return combine(objects);
    case "filter_values": {
      const rules = ((params.filter_values ?? []) as Rule[]).map((rule) => ({
        ...rule,
        target: String(filled(pythonText(rule.value))),
      }));
      return objects.filter((object) =>
        rules.every(
          (rule) =>
            rule.key !== undefined &&
            rule.key in object &&
            filterMatches(pythonText(object[rule.key]), rule.operator ?? "=", rule.target),
        ),
      );
    }
    case "append_or_update": {
      const updates = ((params.updates ?? []) as Update[]).filter((update) => update.key?.trim());
      return objects.map((object) => ({
        ...object,
        ...Object.fromEntries(updates.map((update) => [String(update.key).trim(), filled(update.value)])),
      }));
    }
    case "remove_keys": {
      const keys = (params.remove_keys ?? []) as string[];
      return objects.map((object) => Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key))));
    }
    case "rename_keys": {
      const pairs = ((params.rename_keys ?? []) as Rename[])
        .map((pair) => [pair.old_key?.trim() ?? "", pair.new_key?.trim() ?? ""] as const)
        .filter(([from, to]) => from && to && from !== to);
      return objects.map((object) => {
        const renamed = { ...object };
        for (const [from, to] of pairs)
          if (from in renamed) {
            renamed[to] = renamed[from];
            delete renamed[from];
          }
        return renamed;
      });
    }
  }
};

// One operation on the objects the query's variables hold; its result is `result` (one object for combine, a
// list for the others).
export const dataOperations: ComponentImpl = {
  name: "DataOperations",
  run: async ({ params, values }) => {
    checkParams("DataOperations", params);
    const objects = objectsOf(params.query, values);
    return { outputs: { result: run(params.operations as DataOperation, objects, params, values) } };
  },
};
