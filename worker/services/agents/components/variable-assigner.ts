import { ASSIGN_OPERATORS_WITHOUT_PARAMETER, type AssignOperator } from "../../../contract/agent-flow-params";
import type { ComponentImpl } from "../engine/types";
import { assign, isReference, render, valueOf } from "../engine/variables";
import { checkParams } from "./checked-params";

type Assignment = { variable?: string; operator?: AssignOperator; parameter?: unknown };
type Values = Parameters<typeof valueOf>[1];

const kindOf = (value: unknown) => (Array.isArray(value) ? "list" : value === null ? "null" : typeof value);

const cleared = (current: unknown) => {
  if (Array.isArray(current)) return [];
  if (typeof current === "string") return "";
  if (typeof current === "boolean") return false;
  if (typeof current === "number") return 0;
  if (typeof current === "object" && current !== null) return {};
  return null;
};

// A number operand: a number, a number written as text, or a variable holding one.
const numberOf = (parameter: unknown, values: Values) => {
  const value = isReference(parameter) ? valueOf(parameter, values) : parameter;
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) throw new Error(`${String(parameter)} is not a number.`);
  return number;
};

const listOf = (current: unknown, variable: string) => {
  if (current === null || current === undefined) return [];
  if (!Array.isArray(current)) throw new Error(`${variable} is not a list (it is ${kindOf(current)}).`);
  return current;
};

const sameKind = (list: unknown[], item: unknown) => list.length === 0 || kindOf(list[0]) === kindOf(item);

// RAGFlow's operations on one variable; it refuses what does not fit the variable's type (RAGFlow writes an
// "ERROR:…" text into the variable instead).
const operate = (current: unknown, { variable = "", operator, parameter }: Assignment, values: Values): unknown => {
  switch (operator) {
    case "overwrite": {
      if (!isReference(parameter))
        throw new Error(`overwrite takes its new value from a variable, not ${String(parameter)}.`);
      return valueOf(parameter, values);
    }
    case "clear":
      return cleared(current);
    case "set": {
      if (current === null || current === undefined || typeof current === "string") return render(parameter, values);
      if (typeof current === "number" && typeof parameter === "string") return numberOf(parameter, values);
      return parameter;
    }
    case "append": {
      const list = listOf(current, variable);
      const item = isReference(parameter) ? valueOf(parameter, values) : parameter;
      if (!sameKind(list, item)) throw new Error(`${variable} holds ${kindOf(list[0])} items, not ${kindOf(item)}.`);
      return [...list, item];
    }
    case "extend": {
      const list = listOf(current, variable);
      const more = isReference(parameter) ? valueOf(parameter, values) : parameter;
      if (!Array.isArray(more)) throw new Error(`extend needs a list to add, not ${kindOf(more)}.`);
      if (more.length > 0 && !sameKind(list, more[0]))
        throw new Error(`${variable} holds ${kindOf(list[0])} items, not ${kindOf(more[0])}.`);
      return [...list, ...more];
    }
    case "remove_first":
      return listOf(current, variable).slice(1);
    case "remove_last":
      return listOf(current, variable).slice(0, -1);
    case "+=":
    case "-=":
    case "*=":
    case "/=": {
      if (typeof current !== "number") throw new Error(`${variable} is not a number (it is ${kindOf(current)}).`);
      const operand = numberOf(parameter, values);
      if (operator === "+=") return current + operand;
      if (operator === "-=") return current - operand;
      if (operator === "*=") return current * operand;
      if (operand === 0) throw new Error(`${variable} cannot be divided by zero.`);
      return current / operand;
    }
    default:
      throw new Error(`Unknown operator ${String(operator)}.`);
  }
};

// Changes variables in order: loop variables, other components' outputs, env.* globals.
export const variableAssigner: ComponentImpl = {
  name: "VariableAssigner",
  run: async ({ params, values }) => {
    checkParams("VariableAssigner", params);
    const assigned: Record<string, unknown> = {};
    for (const [i, item] of ((params.variables ?? []) as Assignment[]).entries()) {
      const needsParameter = !(ASSIGN_OPERATORS_WITHOUT_PARAMETER as readonly string[]).includes(item.operator ?? "");
      if (
        !item.variable ||
        !item.operator ||
        (needsParameter && (item.parameter === undefined || item.parameter === null))
      )
        throw new Error(`Variable ${i + 1} is not complete: it needs a variable, an operator and a value.`);
      const next = operate(valueOf(item.variable, values), item, values);
      assign(item.variable, next, values);
      assigned[item.variable] = next;
    }
    return { outputs: { _assigned: assigned } };
  },
};
