import type { Dsl } from "./agents";

// A saved state of a flow as the versions API gives it (RAGFlow's user_canvas_version fields), with what changed
// against the version saved before it.
export type AgentVersionSummary = {
  id: string;
  user_canvas_id: string;
  title: string;
  description: string | null;
  release: boolean;
  create_time: number;
  update_time: number;
  create_date: string;
  update_date: string;
  changes: DslChanges;
  // Buddy's: the version made when the flow was created; false for the oldest kept one once older ones were pruned
  first: boolean;
};
export type AgentVersion = AgentVersionSummary & { dsl: Dsl };

export type ChangedComponent = { id: string; component_name: string };
export type DslChanges = {
  added: ChangedComponent[];
  removed: ChangedComponent[];
  changed: ChangedComponent[];
  // globals, notes' positions, the graph's layout: what differs beyond the components
  other: boolean;
};

const named = (dsl: Dsl, id: string): ChangedComponent => ({
  id,
  component_name: dsl.components[id]?.obj.component_name ?? "",
});

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// Components added, removed and changed (params, links or parent) from `before` to `after`; null before is an
// empty flow.
export const dslChanges = (before: Dsl | null, after: Dsl): DslChanges => {
  const old = before?.components ?? {};
  const ids = Object.keys(after.components);
  const added = ids.filter((id) => !(id in old)).map((id) => named(after, id));
  const removed = before
    ? Object.keys(old)
        .filter((id) => !(id in after.components))
        .map((id) => named(before, id))
    : [];
  const changed = ids
    .filter((id) => id in old && !sameJson(old[id], after.components[id]))
    .map((id) => named(after, id));
  const other =
    before !== null && (!sameJson(before.globals ?? {}, after.globals ?? {}) || !sameJson(before.graph, after.graph));
  return { added, removed, changed, other };
};

export const hasChanges = (changes: DslChanges) =>
  changes.added.length + changes.removed.length + changes.changed.length > 0 || changes.other;
