import type { Dsl } from "../../contract/agents";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { visibleDatasetIds } from "../scope/datasets";

// The knowledge bases a flow names live in two places per step: the component's params (what runs) and its
// node's form (what the editor shows). Both are read and rewritten together, keyed by the step's id.
type KbLists = Map<string, string[]>;

const idsIn = (value: unknown) =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : undefined;

// The graph is the editor's state and is stored as sent: a node may lack data or a form.
type LooseNode = { id?: unknown; data?: { form?: Record<string, unknown> } } | null;
const formOf = (node: unknown) => (node as LooseNode)?.data?.form ?? undefined;
const idOf = (node: unknown) => {
  const id = (node as LooseNode)?.id;
  return typeof id === "string" ? id : "";
};

const kbListsOf = (dsl: Dsl): KbLists => {
  const lists: KbLists = new Map();
  for (const [id, component] of Object.entries(dsl.components)) {
    const ids = idsIn(component.obj.params.kb_ids);
    if (ids) lists.set(id, ids);
  }
  for (const node of dsl.graph.nodes) {
    const ids = idsIn(formOf(node)?.kb_ids);
    if (ids) lists.set(idOf(node), [...new Set([...(lists.get(idOf(node)) ?? []), ...ids])]);
  }
  return lists;
};

const withKbLists = (dsl: Dsl, lists: KbLists): Dsl => ({
  ...dsl,
  components: Object.fromEntries(
    Object.entries(dsl.components).map(([id, component]) => {
      const ids = lists.get(id);
      if (!ids || idsIn(component.obj.params.kb_ids) === undefined) return [id, component];
      return [id, { ...component, obj: { ...component.obj, params: { ...component.obj.params, kb_ids: ids } } }];
    }),
  ),
  graph: {
    ...dsl.graph,
    nodes: dsl.graph.nodes.map((node) => {
      const ids = lists.get(idOf(node));
      if (!ids || idsIn(formOf(node)?.kb_ids) === undefined) return node;
      return { ...node, data: { ...node.data, form: { ...node.data.form, kb_ids: ids } } };
    }),
  },
});

const allIds = (dsls: Dsl[]) => dsls.flatMap((dsl) => [...kbListsOf(dsl).values()].flat());

// Flows as one member reads them: ids of knowledge bases the member may not see are left out.
export const withoutHiddenBases = async <T extends { dsl: Dsl }>(ctx: ServiceContext, rows: T[]): Promise<T[]> => {
  const visible = await visibleDatasetIds(ctx, allIds(rows.map((row) => row.dsl)));
  return rows.map((row) => {
    const lists = kbListsOf(row.dsl);
    for (const [id, ids] of lists)
      lists.set(
        id,
        ids.filter((kbId) => visible.has(kbId)),
      );
    return { ...row, dsl: withKbLists(row.dsl, lists) };
  });
};

// A member saving a flow keeps, per step, the bases they could not see (and so could not have removed on
// purpose), and may not add a base they may not see: a flow never reads more than its editors may read.
export const keepHiddenBases = async (ctx: ServiceContext, current: Dsl, next: Dsl): Promise<Dsl> => {
  const before = kbListsOf(current);
  const after = kbListsOf(next);
  const visible = await visibleDatasetIds(ctx, allIds([current, next]));
  for (const [id, ids] of after) {
    const had = before.get(id) ?? [];
    const added = ids.find((kbId) => !visible.has(kbId) && !had.includes(kbId));
    if (added) throw dataError(`You don't own the dataset ${added}.`);
    const hidden = had.filter((kbId) => !visible.has(kbId) && !ids.includes(kbId));
    after.set(id, [...ids, ...hidden]);
  }
  return withKbLists(next, after);
};

export const oneWithoutHiddenBases = async <T extends { dsl: Dsl }>(ctx: ServiceContext, row: T): Promise<T> =>
  (await withoutHiddenBases(ctx, [row]))[0] as T;
