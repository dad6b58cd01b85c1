import type { ParseKeys } from "i18next";
import { incompleteTools, REQUIRED_PARAMS, userPromptOf } from "../../../../worker/contract/agent-components";
import { type BeginInputSpec, inputsWithoutOptions } from "../../../../worker/contract/agents";
import { dataflowErrors, isDataflowLabel } from "./dataflow";
import type { EditorNode } from "./graph";

export type NodeErrors = Partial<Record<string, ParseKeys>>;

// Empty text, an empty list (or a list of empty texts: Message's alternatives) and an empty map count as missing.
export const isMissing = (value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isMissing);
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
};

// Display names are how people (and variable pickers) tell nodes apart: required and unique, ignoring case.
export const nameProblem = (
  name: string,
  nodeId: string,
  nodes: Pick<EditorNode, "id" | "data">[],
): ParseKeys | undefined => {
  const trimmed = name.trim();
  if (!trimmed) return "validation.required";
  const clash = nodes.some(
    (node) => node.id !== nodeId && node.data.name.trim().toLowerCase() === trimmed.toLowerCase(),
  );
  return clash ? "agents.validation.nameTaken" : undefined;
};

export const validateNode = (node: EditorNode, nodes: EditorNode[]): NodeErrors => {
  const errors: NodeErrors = {};
  const name = nameProblem(node.data.name, node.id, nodes);
  if (name) errors.name = name;
  const label = node.data.label;
  if (isDataflowLabel(label)) return { ...dataflowErrors(label, node.data.form), ...errors };
  for (const key of REQUIRED_PARAMS[label] ?? []) {
    const value = node.data.form[key];
    if (isMissing(value)) errors[key] = "validation.required";
    // a list (Message's alternatives) has no empty entries: each is filled in or removed
    else if (Array.isArray(value) && value.some(isMissing)) errors[key] = "agents.validation.fillOrRemove";
  }
  if (node.data.label === "LLM" || node.data.label === "Agent") {
    if (!userPromptOf(node.data.form).trim()) errors.prompts = "validation.required";
    if (incompleteTools(node.data.form.tools).length > 0) errors.tools = "agents.validation.toolIncomplete";
  }
  if (node.data.label === "UserFillUp" && node.parentId) errors.name = "agents.fillUp.notInLoop";
  if (
    (node.data.label === "Begin" || node.data.label === "UserFillUp") &&
    inputsWithoutOptions((node.data.form.inputs ?? {}) as Record<string, BeginInputSpec>).length > 0
  )
    errors.inputs = "agents.form.inputOptionsRequired";
  return errors;
};

// Every node with something to fix, for the canvas markers and before a test run.
export const invalidNodes = (nodes: EditorNode[]) =>
  nodes
    .map((node) => ({ node, errors: validateNode(node, nodes) }))
    .filter(({ errors }) => Object.keys(errors).length > 0);
