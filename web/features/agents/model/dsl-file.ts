import type { Dsl, FlowEdge, FlowNode } from "../../../../worker/contract/agents";
import { dslFromGraph, withoutToolNodes } from "../../../../worker/contract/agent-graph";
import { isPlainObject } from "../../../../worker/contract/pydantic";

export type DslFileProblem = "agents.import.notJson" | "agents.import.invalid";

const isGraph = (value: unknown): value is { nodes: FlowNode[]; edges: FlowEdge[] } =>
  isPlainObject(value) &&
  Array.isArray(value.nodes) &&
  Array.isArray(value.edges) &&
  value.nodes.every((node) => isPlainObject(node) && isPlainObject(node.data) && typeof node.data.label === "string");

// An agent file holds a DSL (Buddy's export), an agent with its DSL, or only the editor graph (RAGFlow's export).
export const dslOfJson = (value: unknown): Dsl | null => {
  const dsl = isPlainObject(value) && isPlainObject(value.dsl) ? value.dsl : value;
  if (isPlainObject(dsl) && isPlainObject(dsl.components)) return dsl as unknown as Dsl;
  const graph = isPlainObject(dsl) && isGraph(dsl.graph) ? dsl.graph : dsl;
  if (!isGraph(graph)) return null;
  const { nodes, edges } = withoutToolNodes(graph.nodes, graph.edges);
  return dslFromGraph(nodes, edges, {});
};

export const readDslFile = async (file: File): Promise<{ dsl: Dsl } | { problem: DslFileProblem }> => {
  if (!file.name.toLowerCase().endsWith(".json")) return { problem: "agents.import.notJson" };
  try {
    const dsl = dslOfJson(JSON.parse(await file.text()));
    return dsl ? { dsl } : { problem: "agents.import.invalid" };
  } catch {
    return { problem: "agents.import.invalid" };
  }
};

export const dslFileName = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, "_").trim() || "agent"}.json`;
