import { describe, expect, it } from "vitest";
import { caseHandle, ELSE_HANDLE } from "../../../worker/contract/agent-components";
import type { Dsl } from "../../../worker/contract/agents";
import { connect, removeCase, renameBranch } from "../../../web/features/agents/model/branches";
import {
  BEGIN_ID,
  dslOfGraph,
  type EditorNode,
  type Graph,
  graphOfDsl,
} from "../../../web/features/agents/model/graph";
import { change, initialState, redo, undo } from "../../../web/features/agents/model/history";
import { createNodes, uniqueName } from "../../../web/features/agents/model/node-factory";
import { freeSpot, iterationAt } from "../../../web/features/agents/model/placement";
import { variableOptions } from "../../../web/features/agents/model/variables";

const node = (
  id: string,
  label: EditorNode["data"]["label"],
  name: string,
  form: Record<string, unknown> = {},
  parentId?: string,
): EditorNode => ({
  id,
  type: "component",
  position: { x: 0, y: 0 },
  data: { label, name, form },
  ...(parentId ? { parentId } : {}),
});

const begin = node(BEGIN_ID, "Begin", "Start", { prologue: "Hallo" });
const triage = node("Categorize:tri1", "Categorize", "Triage", {
  category_description: {
    Fieber: { description: "Temperatur über 38 °C", examples: ["Ich habe Fieber"] },
    Sonstiges: { description: "Alles andere" },
  },
});
const fever = node("Message:fev1", "Message", "Fieberhinweis", { content: ["Bitte viel trinken."] });
const other = node("Answer:oth1", "Answer", "Antwort");

describe("agent graph → DSL", () => {
  it("puts a Categorize edge from the handle 'Fieber' into params.category_description.Fieber.to", () => {
    const edges = [
      { id: "e1", source: BEGIN_ID, target: triage.id },
      { id: "e2", source: triage.id, sourceHandle: "Fieber", target: fever.id },
      { id: "e3", source: triage.id, sourceHandle: "Sonstiges", target: other.id },
    ];
    const dsl = dslOfGraph({ nodes: [begin, triage, fever, other], edges }, { praxis: "Dr. Muster" });
    const params = dsl.components[triage.id]?.obj.params as {
      category_description: Record<string, { to: string; description: string }>;
      name: string;
    };
    expect(params.category_description.Fieber).toMatchObject({ to: fever.id, description: "Temperatur über 38 °C" });
    expect(params.category_description.Sonstiges?.to).toBe(other.id);
    expect(params.name).toBe("Triage");
    expect(dsl.components[triage.id]?.downstream).toEqual([fever.id, other.id]);
    expect(dsl.components[fever.id]?.upstream).toEqual([triage.id]);
    expect(dsl.globals).toEqual({ praxis: "Dr. Muster" });
  });

  it("keeps selection and measurements out of the saved graph", () => {
    const selected = {
      ...fever,
      selected: true,
      dragging: true,
      measured: { width: 224, height: 60 },
      position: { x: 10.4, y: 20.6 },
    };
    const dsl = dslOfGraph({ nodes: [begin, selected], edges: [] }, {});
    expect(dsl.graph.nodes[1]).toEqual({
      id: fever.id,
      type: "component",
      position: { x: 10, y: 21 },
      data: { label: "Message", name: "Fieberhinweis", form: { content: ["Bitte viel trinken."] } },
    });
  });

  it("lays out a DSL without graph and puts an Iteration's components inside it", () => {
    const dsl: Dsl = {
      components: {
        begin: {
          obj: { component_name: "Begin", params: { name: "Start" } },
          downstream: ["Iteration:it01"],
          upstream: [],
        },
        "Iteration:it01": {
          obj: { component_name: "Iteration", params: { name: "Jede Frage", items_ref: "{sys.query}" } },
          downstream: [],
          upstream: ["begin"],
        },
        "Generate:in01": {
          obj: { component_name: "Generate", params: { name: "Antwort je Frage", prompt: "{Iteration:it01@item}" } },
          downstream: [],
          upstream: [],
          parent_id: "Iteration:it01",
        },
      },
      graph: { nodes: [], edges: [] },
      globals: {},
    };
    const graph = graphOfDsl(dsl, "Start");
    const child = graph.nodes.find((entry) => entry.id === "Generate:in01");
    expect(child).toMatchObject({ parentId: "Iteration:it01", extent: "parent", type: "component" });
    expect(graph.nodes.find((entry) => entry.id === "Iteration:it01")).toMatchObject({ type: "iteration", width: 460 });
    expect(graph.nodes.findIndex((entry) => entry.id === "Iteration:it01")).toBeLessThan(
      graph.nodes.indexOf(child as EditorNode),
    );
    expect(graph.nodes.find((entry) => entry.id === BEGIN_ID)?.deletable).toBe(false);
    // the name lives in data.name only; the form holds the params with their defaults
    expect(child?.data.form.name).toBeUndefined();
    expect(child?.data.form.temperature).toBe(0.1);
    expect(dslOfGraph(graph, {}).components["Generate:in01"]?.parent_id).toBe("Iteration:it01");
  });
});

describe("agent graph editing", () => {
  it("names new nodes uniquely and gives an Iteration its start node", () => {
    expect(uniqueName("Generieren", [node("a", "Generate", "Generieren"), node("b", "Generate", "generieren 2")])).toBe(
      "Generieren 3",
    );
    const added = createNodes([begin], {
      name: "Iteration",
      position: { x: 0, y: 0 },
      displayName: (name) => (name === "Iteration" ? "Iteration" : "Element"),
    });
    expect(added).toHaveLength(2);
    expect(added[0]?.id).toMatch(/^Iteration:[a-z0-9]{4}$/);
    expect(added[1]).toMatchObject({ parentId: added[0]?.id, data: { label: "IterationItem", name: "Element" } });
  });

  it("places a clicked-in node below what it would cover, and finds the Iteration under a drop", () => {
    const placed = { ...fever, position: { x: 0, y: 0 }, measured: { width: 224, height: 64 } };
    const group: EditorNode = {
      ...node("Iteration:it01", "Iteration", "Schleife"),
      type: "iteration",
      position: { x: 400, y: 0 },
      width: 460,
      height: 260,
    };
    expect(freeSpot([placed, group], { x: 10, y: 10 }, { width: 224, height: 64 })).toEqual({ x: 10, y: 88 });
    expect(freeSpot([placed, group], { x: 0, y: 300 }, { width: 224, height: 64 })).toEqual({ x: 0, y: 300 });
    expect(iterationAt([placed, group], { x: 500, y: 100 })?.id).toBe("Iteration:it01");
    expect(iterationAt([placed, group], { x: 100, y: 20 })).toBeUndefined();
  });

  it("lets a branch lead to one node and moves edges with renamed categories and removed cases", () => {
    const nodes = [begin, triage, fever, other];
    let edges = connect([], nodes, { source: triage.id, sourceHandle: "Fieber", target: fever.id, targetHandle: null });
    edges = connect(edges, nodes, { source: triage.id, sourceHandle: "Fieber", target: other.id, targetHandle: null });
    expect(edges.map((edge) => edge.target)).toEqual([other.id]);
    expect(connect(edges, nodes, { source: fever.id, sourceHandle: null, target: BEGIN_ID, targetHandle: null })).toBe(
      edges,
    );
    expect(renameBranch(edges, triage.id, "Fieber", "Hohes Fieber")[0]?.sourceHandle).toBe("Hohes Fieber");

    const cases = [0, 1, 2].map((i) => ({
      id: `c${i}`,
      source: "Switch:sw01",
      sourceHandle: caseHandle(i),
      target: `T${i}`,
    }));
    const shifted = removeCase(
      [...cases, { id: "e", source: "Switch:sw01", sourceHandle: ELSE_HANDLE, target: "E" }],
      "Switch:sw01",
      1,
    );
    expect(shifted.map((edge) => `${edge.sourceHandle}->${edge.target}`)).toEqual([
      "case-0->T0",
      "case-1->T2",
      "else->E",
    ]);
  });

  it("undoes and redoes changes, typing into one field being one step", () => {
    let state = initialState({ nodes: [begin], edges: [] });
    const rename = (name: string) => (graph: Graph) => ({
      ...graph,
      nodes: graph.nodes.map((entry) => ({ ...entry, data: { ...entry.data, name } })),
    });
    state = change(state, rename("S"), "begin:name", 1000);
    state = change(state, rename("St"), "begin:name", 1500);
    state = change(state, rename("Sta"), "other", 1600);
    expect(state.past).toHaveLength(2);
    state = undo(state);
    expect(state.nodes[0]?.data.name).toBe("St");
    state = undo(state);
    expect(state.nodes[0]?.data.name).toBe("Start");
    state = redo(redo(state));
    expect(state.nodes[0]?.data.name).toBe("Sta");
  });

  it("offers the question, globals, Begin's inputs and the outputs of the other nodes as variables", () => {
    const withInputs = {
      ...begin,
      data: { ...begin.data, form: { inputs: { alter: { name: "Alter", type: "number", optional: false } } } },
    };
    const refs = variableOptions([withInputs, triage, fever], fever.id, { praxis: "" }).map((option) => option.ref);
    expect(refs).toEqual(
      expect.arrayContaining([
        "{sys.query}",
        "{env.praxis}",
        "{begin@query}",
        "{begin@alter}",
        `{${triage.id}@category_name}`,
      ]),
    );
    expect(refs.some((ref) => ref.startsWith(`{${fever.id}@`))).toBe(false);
  });

  it("gives a Loop its LoopItem and offers its variables inside it, in its own form and after it", () => {
    const [loop, start] = createNodes([begin], {
      name: "Loop",
      position: { x: 0, y: 0 },
      displayName: (name) => name,
    });
    expect(loop).toMatchObject({ type: "iteration", data: { label: "Loop" } });
    expect(start).toMatchObject({ parentId: loop?.id, data: { label: "LoopItem" } });
    const counting = {
      ...(loop as EditorNode),
      data: { ...(loop as EditorNode).data, form: { loop_variables: [{ variable: "n", type: "number" }] } },
    };
    const assigner = node("VariableAssigner:as1", "VariableAssigner", "Zuweisen", {}, counting.id);
    const aggregator = node("VariableAggregator:ag1", "VariableAggregator", "Sammeln", {
      groups: [{ group_name: "antwort", variables: [] }],
    });
    const after = node("Message:af1", "Message", "Danach");
    const nodes = [begin, counting, start as EditorNode, assigner, aggregator, after];
    const refsOf = (id: string) => variableOptions(nodes, id, {}).map((option) => option.ref);
    expect(refsOf(assigner.id)).toContain(`{${counting.id}@n}`);
    expect(refsOf(counting.id)).toContain(`{${counting.id}@n}`);
    expect(refsOf(after.id)).toEqual(expect.arrayContaining([`{${counting.id}@n}`, `{${aggregator.id}@antwort}`]));
    expect(refsOf(after.id).some((ref) => ref.startsWith(`{${start?.id}@`))).toBe(false);
  });
});
