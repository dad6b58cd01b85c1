import type { ComponentName, Dsl, DslComponent, FlowEdge, FlowNode } from "./agents";
import { BRANCHING, caseHandle, COMPONENT_DEFAULTS, ELSE_HANDLE } from "./agent-components";

type Category = { description?: string; examples?: string[]; to?: string };
type Condition = { logical_operator?: string; items?: unknown[]; to?: string };

// Branch targets live in the params (as in RAGFlow): Categorize per category name, Switch per condition
// ("case-<i>", "else"), Relevant "yes"/"no". The editor's edges decide them.
const withBranches = (name: ComponentName, params: Record<string, unknown>, edges: FlowEdge[]) => {
  const target = (handle: string) => edges.find((edge) => edge.sourceHandle === handle)?.target ?? "";
  if (name === "Categorize") {
    const categories = (params.category_description ?? {}) as Record<string, Category>;
    return {
      ...params,
      category_description: Object.fromEntries(
        Object.entries(categories).map(([key, value]) => [key, { ...value, to: target(key) }]),
      ),
    };
  }
  if (name === "Switch") {
    const conditions = (params.conditions ?? []) as Condition[];
    const otherwise = target(ELSE_HANDLE);
    return {
      ...params,
      conditions: conditions.map((condition, i) => ({ ...condition, to: target(caseHandle(i)) })),
      end_cpn_ids: otherwise ? [otherwise] : [],
    };
  }
  if (name === "Relevant") return { ...params, yes: target("yes"), no: target("no") };
  return params;
};

// The engine's DSL from the editor's nodes and edges (Note nodes carry no logic but are kept for the canvas).
export const dslFromGraph = (nodes: FlowNode[], edges: FlowEdge[], globals: Record<string, unknown>): Dsl => {
  const components: Record<string, DslComponent> = {};
  for (const node of nodes) {
    const name = node.data.label as ComponentName;
    const outgoing = edges.filter((edge) => edge.source === node.id);
    const params = { ...COMPONENT_DEFAULTS[name], ...node.data.form, name: node.data.name };
    components[node.id] = {
      obj: { component_name: name, params: BRANCHING[name] ? withBranches(name, params, outgoing) : params },
      downstream: [...new Set(outgoing.map((edge) => edge.target))],
      upstream: [...new Set(edges.filter((edge) => edge.target === node.id).map((edge) => edge.source))],
      ...(node.parentId ? { parent_id: node.parentId } : {}),
    };
  }
  return { components, graph: { nodes, edges }, globals };
};

const branchHandles = (component: DslComponent): [string, string][] => {
  const { component_name: name, params } = component.obj;
  const pairs: [string, string | undefined][] =
    name === "Categorize"
      ? Object.entries((params.category_description ?? {}) as Record<string, Category>).map(([key, value]) => [
          key,
          value.to,
        ])
      : name === "Switch"
        ? [
            ...((params.conditions ?? []) as Condition[]).map((condition, i): [string, string | undefined] => [
              caseHandle(i),
              condition.to,
            ]),
            [ELSE_HANDLE, ((params.end_cpn_ids ?? []) as string[])[0]],
          ]
        : name === "Relevant"
          ? [
              ["yes", params.yes as string | undefined],
              ["no", params.no as string | undefined],
            ]
          : [];
  return pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
};

// A graph for a DSL that has none (API clients may send components only): one column per step from Begin.
export const graphFromDsl = (dsl: Dsl): { nodes: FlowNode[]; edges: FlowEdge[] } => {
  if (dsl.graph?.nodes?.length) return dsl.graph;
  const depth = new Map<string, number>([["begin", 0]]);
  const queue = ["begin"];
  while (queue.length) {
    const id = queue.shift() as string;
    for (const next of dsl.components[id]?.downstream ?? []) {
      if (!depth.has(next)) {
        depth.set(next, (depth.get(id) ?? 0) + 1);
        queue.push(next);
      }
    }
  }
  const rows = new Map<number, number>();
  const nodes = Object.entries(dsl.components).map(([id, component]) => {
    const column = depth.get(id) ?? 0;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    const name = (component.obj.params.name as string | undefined) ?? id;
    return {
      id,
      type: "component",
      position: { x: column * 280, y: row * 140 },
      data: { label: component.obj.component_name, name, form: component.obj.params },
      ...(component.parent_id ? { parentId: component.parent_id } : {}),
    };
  });
  const edges = Object.entries(dsl.components).flatMap(([id, component]) => {
    const handles = branchHandles(component);
    return handles.length
      ? handles.map(([handle, target]) => ({
          id: `${id}:${handle}->${target}`,
          source: id,
          target,
          sourceHandle: handle,
        }))
      : component.downstream.map((target) => ({ id: `${id}->${target}`, source: id, target }));
  });
  return { nodes, edges };
};

export type ComponentSpec = [
  id: string,
  name: ComponentName,
  params: Record<string, unknown>,
  downstream?: string[],
  parentId?: string,
];

// A DSL from a compact list of components (templates, tests): upstream ids derived from downstream, display
// name defaulting to the id; the graph is laid out from the components.
export const dslFromSpecs = (specs: ComponentSpec[], globals: Record<string, unknown> = {}): Dsl => {
  const components: Record<string, DslComponent> = {};
  for (const [id, name, params, downstream = [], parentId] of specs) {
    components[id] = {
      obj: { component_name: name, params: { name: id, ...params } },
      downstream,
      upstream: [],
      ...(parentId ? { parent_id: parentId } : {}),
    };
  }
  for (const [id, component] of Object.entries(components))
    for (const next of component.downstream) components[next]?.upstream.push(id);
  const dsl: Dsl = { components, graph: { nodes: [], edges: [] }, globals };
  return { ...dsl, graph: graphFromDsl(dsl) };
};

// RAGFlow v0.27 draws an Agent's tools as "Tool" nodes and its sub-agents as Agent nodes hanging below it (edges
// from its "tool" and "agentBottom" handles); both live in the Agent's `tools` param, not as components of the
// flow. The graph without them.
const TOOL_HANDLES = ["tool", "agentBottom"];
export const withoutToolNodes = <N extends { id: string; data: { label: string } }, E extends FlowEdge>(
  nodes: N[],
  edges: E[],
) => {
  const tools = new Set([
    ...nodes.filter((node) => node.data.label === "Tool").map((node) => node.id),
    ...edges.filter((edge) => TOOL_HANDLES.includes(edge.sourceHandle ?? "")).map((edge) => edge.target),
  ]);
  return {
    nodes: nodes.filter((node) => !tools.has(node.id)),
    edges: edges.filter((edge) => !tools.has(edge.source) && !tools.has(edge.target)),
  };
};
