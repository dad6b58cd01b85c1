import type { MetadataFieldSummary, MetadataUpdateInput, MetadataValue } from "../contract/dataset-metadata";

type Meta = Record<string, unknown>;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const kindOf = (value: unknown): MetadataFieldSummary["type"] | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return "number";
  return typeof value === "string" && ISO_TIME.test(value) ? "time" : "string";
};

// RAGFlow's flattened metadata of many documents: field → value (as text) → the ids of the documents having it.
export const flattenMetadata = (rows: { id: string; meta: Meta }[]) => {
  const fields: Record<string, Record<string, string[]>> = {};
  for (const { id, meta } of rows) {
    for (const [key, value] of Object.entries(meta)) {
      for (const item of [value].flat()) {
        if (item === null || item === undefined) continue;
        const values = (fields[key] ??= {});
        (values[String(item)] ??= []).push(id);
      }
    }
  }
  return fields;
};

// RAGFlow's metadata summary: for every field, the kind most of its documents give it and each value (list
// items counted one by one) with how many documents have it, most common first.
export const summarizeMetadata = (metas: Meta[]): Record<string, MetadataFieldSummary> => {
  const counts = new Map<string, Map<string, number>>();
  const kinds = new Map<string, Map<MetadataFieldSummary["type"], number>>();
  for (const meta of metas) {
    for (const [key, value] of Object.entries(meta)) {
      const kind = kindOf(value);
      if (kind) kinds.set(key, new Map(kinds.get(key) ?? []).set(kind, (kinds.get(key)?.get(kind) ?? 0) + 1));
      const values = counts.get(key) ?? new Map<string, number>();
      for (const item of [value].flat())
        if (item !== null && item !== undefined) values.set(String(item), (values.get(String(item)) ?? 0) + 1);
      counts.set(key, values);
    }
  }
  return Object.fromEntries(
    [...counts].map(([key, values]) => [
      key,
      {
        type: [...(kinds.get(key) ?? [])].toSorted((a, b) => b[1] - a[1])[0]?.[0] ?? "string",
        values: [...values].toSorted((a, b) => b[1] - a[1]),
      },
    ]),
  );
};

const same = (a: unknown, b: unknown) => String(a) === String(b);
const unique = (items: unknown[]) => items.filter((item, i) => items.findIndex((other) => same(other, item)) === i);

// One document's metadata after RAGFlow's batch edit (its semantics, compared as text):
// - update without `match`: a missing field is set, a list gets the value(s) added, a single value is replaced;
// - update with `match`: only a field equal to `match` (or the list items equal to it) takes the new value;
// - delete without `value`: the field goes; with `value`: a list loses that item (and goes when empty), a
//   single value goes when equal.
export const applyMetadataEdits = (
  meta: Meta,
  { updates, deletes }: Pick<MetadataUpdateInput, "updates" | "deletes">,
): Meta => {
  const next: Meta = structuredClone(meta);
  for (const { key, value, match } of updates) {
    const current = next[key];
    const matching = match !== undefined && match !== "";
    if (current === undefined) {
      if (!matching) next[key] = Array.isArray(value) ? unique(value) : value;
    } else if (Array.isArray(current)) {
      if (!matching) next[key] = unique([...current, ...[value as MetadataValue].flat()]);
      else if (current.some((item) => same(item, match)))
        next[key] = unique(current.map((item) => (same(item, match) ? value : item)));
    } else if (!matching || same(current, match)) {
      next[key] = value;
    }
  }
  for (const { key, value } of deletes) {
    const current = next[key];
    if (current === undefined) continue;
    if (Array.isArray(current) && value !== undefined) {
      const kept = current.filter((item) => !same(item, value));
      if (kept.length === 0) delete next[key];
      else next[key] = kept;
    } else if (value === undefined || same(current, value)) {
      delete next[key];
    }
  }
  return next;
};
