import type { LoopOperator } from "../../../contract/agent-flow-params";
import { RUN_LIMITS } from "../../../contract/agents";
import type { ComponentImpl } from "../engine/types";
import { valueOf } from "../engine/variables";
import { checkParams } from "./checked-params";

type LoopVariable = { variable?: string; type?: string; input_mode?: string; value?: unknown };
type Termination = { variable?: string; operator?: LoopOperator; input_mode?: string; value?: unknown };
type Values = Parameters<typeof valueOf>[1];

const isBlank = (value: unknown) => value === undefined || value === null || value === "";

const emptyOf = (type: string) => {
  if (type === "number") return 0;
  if (type === "boolean") return false;
  if (type.startsWith("object")) return {};
  if (type.startsWith("array")) return [];
  return "";
};

// The editor's constants arrive as text where a number or a yes/no is meant; left empty, a variable starts as its
// type's empty value.
const constantOf = (type: string, value: unknown) => {
  if (value === "" && type !== "string") return emptyOf(type);
  if (type === "number" && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
};

// Each loop variable starts as a constant, another variable's value, or its type's empty value; they are the
// Loop's outputs, changed by VariableAssigner inside it.
const initialValues = (variables: LoopVariable[], values: Values) =>
  Object.fromEntries(
    variables.map((item, i) => {
      if (isBlank(item.variable) || isBlank(item.type) || isBlank(item.input_mode))
        throw new Error(`Loop variable ${i + 1} is not complete: it needs a name, a type and a value.`);
      const type = item.type as string;
      if (item.input_mode === "variable") {
        if (isBlank(item.value)) throw new Error(`Loop variable ${item.variable} names no variable to start from.`);
        return [item.variable, valueOf(item.value, values) ?? emptyOf(type)];
      }
      return [
        item.variable,
        item.value === undefined || item.value === null ? emptyOf(type) : constantOf(type, item.value),
      ];
    }),
  );

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// RAGFlow's comparison of a loop variable, by the variable's type.
export const loopConditionHolds = (actual: unknown, operator: LoopOperator, expected: unknown): boolean => {
  const fail = () => {
    throw new Error(
      `The operator "${operator}" does not apply to ${Array.isArray(actual) ? "a list" : typeof actual}.`,
    );
  };
  if (operator === "empty" || operator === "not empty") {
    const empty =
      actual === null ||
      actual === undefined ||
      actual === "" ||
      (Array.isArray(actual) && actual.length === 0) ||
      (typeof actual === "object" && actual !== null && Object.keys(actual).length === 0);
    return operator === "empty" ? empty : !empty;
  }
  if (actual === null || actual === undefined) return false;
  if (typeof actual === "string") {
    const value = expected === undefined || expected === null ? "" : String(expected);
    if (operator === "contains") return actual.includes(value);
    if (operator === "not contains") return !actual.includes(value);
    if (operator === "start with") return actual.startsWith(value);
    if (operator === "end with") return actual.endsWith(value);
    if (operator === "is") return actual === value;
    if (operator === "is not") return actual !== value;
    return fail();
  }
  if (typeof actual === "boolean") {
    const value = expected === "true" ? true : expected === "false" ? false : expected;
    if (operator === "is") return actual === value;
    if (operator === "is not") return actual !== value;
    return fail();
  }
  if (typeof actual === "number") {
    const value = Number(expected);
    if (operator === "=") return actual === value;
    if (operator === "≠") return actual !== value;
    if (operator === ">") return actual > value;
    if (operator === "<") return actual < value;
    if (operator === "≥") return actual >= value;
    if (operator === "≤") return actual <= value;
    return fail();
  }
  if (Array.isArray(actual)) {
    if (operator === "contains") return actual.some((item) => sameValue(item, expected));
    if (operator === "not contains") return !actual.some((item) => sameValue(item, expected));
    if (operator === "is") return sameValue(actual, expected);
    if (operator === "is not") return !sameValue(actual, expected);
  }
  return fail();
};

const shouldEnd = (conditions: Termination[], logical: string, values: Values) => {
  const results = conditions.map((item, i) => {
    if (isBlank(item.variable) || isBlank(item.operator))
      throw new Error(`Loop termination condition ${i + 1} is not complete: it needs a variable and an operator.`);
    const expected = item.input_mode === "variable" ? valueOf(item.value, values) : item.value;
    return loopConditionHolds(valueOf(item.variable, values), item.operator as LoopOperator, expected);
  });
  return logical === "or" ? results.some(Boolean) : results.every(Boolean);
};

// Runs the components inside the Loop again and again: before each round the termination conditions are checked
// (any or all of them, by logical_operator); an ExitLoop inside ends it at once. It never runs more than
// maximum_loop_count rounds, nor more than RUN_LIMITS.maxLoopIterations whatever that says. Without conditions it
// runs until one of those ends it.
export const loop: ComponentImpl = {
  name: "Loop",
  run: async ({ id, params, values, runBody }) => {
    checkParams("Loop", params);
    const variables = initialValues((params.loop_variables ?? []) as LoopVariable[], values);
    values.outputs.set(id, { ...variables });
    const conditions = (params.loop_termination_condition ?? []) as Termination[];
    const requested = Number(params.maximum_loop_count ?? 0);
    const bound = Math.min(requested, RUN_LIMITS.maxLoopIterations);
    let rounds = 0;
    let endedBy: string;
    while (true) {
      if (rounds >= bound) {
        endedBy = requested > bound ? "hard_cap" : "maximum_loop_count";
        break;
      }
      if (conditions.length > 0 && shouldEnd(conditions, String(params.logical_operator ?? "and"), values)) {
        endedBy = "condition";
        break;
      }
      rounds++;
      if ((await runBody(id)).exited) {
        endedBy = "exit_loop";
        break;
      }
    }
    const log =
      endedBy === "hard_cap"
        ? `Stopped after ${bound} rounds: Buddy runs a Loop at most ${RUN_LIMITS.maxLoopIterations} times (maximum_loop_count ${requested}).`
        : null;
    return {
      outputs: { ...values.outputs.get(id), _rounds: rounds, _ended_by: endedBy, ...(log ? { _log: log } : {}) },
    };
  },
};

export const loopItem: ComponentImpl = { name: "LoopItem", run: async () => ({ outputs: {} }) };
export const exitLoop: ComponentImpl = {
  name: "ExitLoop",
  run: async () => ({ outputs: {}, next: [], exitLoop: true }),
};
