import { type FilterOperator, listOperationOf } from "../../../contract/agent-flow-params";
import type { ComponentImpl } from "../engine/types";
import { valueOf } from "../engine/variables";
import { checkParams } from "./checked-params";
import { filterMatches, pythonText } from "./filter-match";

const isStrict = (strict: unknown) =>
  typeof strict === "string" ? ["1", "true", "yes", "on"].includes(strict.trim().toLowerCase()) : Boolean(strict);

// A stable key for any value: objects compare by their sorted entries.
const keyOf = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(keyOf).join(",")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.keys(value)
      .toSorted()
      .map((key) => `${JSON.stringify(key)}:${keyOf((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "undefined";
};

const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const order = compareValues(a[i], b[i]);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  }
  const [x, y] = typeof a === "string" && typeof b === "string" ? [a, b] : [keyOf(a), keyOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

const sortItems = (items: unknown[], method: unknown, sortBy: unknown) => {
  const keys = String(sortBy ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  const first = items[0];
  const byKeys = keys.length > 0 && typeof first === "object" && first !== null && !Array.isArray(first);
  const sortKey = (item: unknown) => (byKeys ? keys.map((key) => (item as Record<string, unknown>)[key]) : item);
  const sorted = items.toSorted((a, b) => compareValues(sortKey(a), sortKey(b)));
  return method === "desc" ? sorted.reverse() : sorted;
};

// RAGFlow's n-th (1-based; negative counts from the end), first n, last n: out of range gives nothing, or fails
// when strict.
const pick = (operation: string, items: unknown[], n: number, strict: boolean) => {
  const outOfRange = () => {
    if (strict) throw new Error(`${operation} requires n to be within the valid range in strict mode, got ${n}.`);
    return [];
  };
  if (operation === "nth") {
    if (n === 0 || Math.abs(n) > items.length) return outOfRange();
    return [n > 0 ? items[n - 1] : items[items.length + n]];
  }
  if (n < 1 || (strict && n > items.length)) return outOfRange();
  return operation === "head" ? items.slice(0, n) : items.slice(-n);
};

type Filter = { operator?: FilterOperator; value?: unknown };

// One operation on the list a variable holds: `result` is the list it gives, `first` and `last` its ends.
export const listOperations: ComponentImpl = {
  name: "ListOperations",
  run: async ({ params, values }) => {
    checkParams("ListOperations", params);
    const items = valueOf(params.query, values);
    if (!Array.isArray(items)) throw new Error("The input of ListOperations should be a list.");
    const operation = listOperationOf(params.operations);
    const n = Number.parseInt(String(params.n ?? 0), 10) || 0;
    const filter = (params.filter ?? {}) as Filter;
    const result =
      operation === "filter"
        ? items.filter((item) => filterMatches(pythonText(item), filter.operator ?? "=", pythonText(filter.value)))
        : operation === "sort"
          ? sortItems(items, params.sort_method, params.sort_by)
          : operation === "drop_duplicates"
            ? items.filter((item, i) => items.findIndex((other) => keyOf(other) === keyOf(item)) === i)
            : pick(operation, items, n, isStrict(params.strict));
    return { outputs: { result, first: result[0] ?? null, last: result.at(-1) ?? null } };
  },
};
