import type { SwitchOperator } from "../../../contract/agents";
import { analyzeQuery, chunkText, termSimilarity } from "../../../lib/terms";
import type { ComponentImpl } from "../engine/types";
import { asText, isReference, type RunValues, valueOf } from "../engine/variables";

type Category = { description?: string; examples?: string[] | string; to?: string | string[] };

// RAGFlow v0.27 writes a branch's target as a list of ids, older flows as one id.
const targetsOf = (to: unknown): string[] => (to ? [to].flat().map(String) : []);

const examplesOf = (category: Category) =>
  (Array.isArray(category.examples) ? category.examples : String(category.examples ?? "").split("\n")).filter(Boolean);

// How well a text matches a description (the built-in model's judgement, and the fallback when an LLM answer
// names no category).
const lexicalScore = (text: string, about: string[]) => termSimilarity(analyzeQuery(text), new Map(), chunkText(about));

export const categorize: ComponentImpl = {
  name: "Categorize",
  run: async ({ params, render, llm, values }) => {
    const query = operand(params.query, values, render);
    const categories = Object.entries((params.category_description ?? {}) as Record<string, Category>);
    if (categories.length === 0) throw new Error("Categorize needs at least one category.");
    const listing = categories
      .map(
        ([name, category]) =>
          `- ${name}: ${category.description ?? ""}${examplesOf(category).length ? ` (e.g. ${examplesOf(category).join("; ")})` : ""}`,
      )
      .join("\n");
    const answer = await llm([
      {
        role: "system",
        content: `Classify the user's text into exactly one of these categories and answer with its name only:\n${listing}`,
      },
      { role: "user", content: query },
    ]);
    const named =
      answer === null ? undefined : categories.find(([name]) => answer.toLowerCase().includes(name.toLowerCase()));
    const [name, category] =
      named ??
      categories
        .map((entry) => ({
          entry,
          score: lexicalScore(query, [entry[0], entry[1].description ?? "", ...examplesOf(entry[1])]),
        }))
        .reduce((best, candidate) => (candidate.score > best.score ? candidate : best)).entry;
    return { outputs: { category_name: name }, next: targetsOf(category.to) };
  },
};

export const relevant: ComponentImpl = {
  name: "Relevant",
  run: async ({ params, render, llm, values }) => {
    const text = operand(params.query, values, render);
    const criteria = render(params.criteria);
    const answer = await llm([
      { role: "system", content: `Decide whether the user's text is about: ${criteria}. Answer "yes" or "no" only.` },
      { role: "user", content: text },
    ]);
    const yes = answer === null ? lexicalScore(text, [criteria]) >= 0.2 : /^\s*(yes|ja)\b/i.test(answer);
    const target = (yes ? params.yes : params.no) as string | undefined;
    return { outputs: { result: yes ? "yes" : "no" }, next: target ? [target] : [] };
  },
};

type Item = { cpn_id?: string; operator?: SwitchOperator; value?: string };
type Condition = { logical_operator?: "and" | "or"; items?: Item[]; to?: string };

const asNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

// `in`: the value lists its entries separated by commas (or as a JSON list)
const entriesOf = (expected: string) => {
  const trimmed = expected.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (Array.isArray(parsed)) return parsed.map((entry) => String(entry).trim().toLowerCase());
    } catch {
      // not JSON: commas below
    }
  }
  return expected.split(",").map((entry) => entry.trim().toLowerCase());
};

// Text comparisons ignore case, as RAGFlow's; numbers compare as numbers where both sides are ones.
export const compare = (actual: string, operator: SwitchOperator, expected: string): boolean => {
  const [a, b] = [asNumber(actual), asNumber(expected)];
  const [text, wanted] = [actual.toLowerCase(), expected.toLowerCase()];
  switch (operator) {
    case "contains":
      return text.includes(wanted);
    case "not contains":
      return !text.includes(wanted);
    case "start with":
      return text.startsWith(wanted);
    case "end with":
      return text.endsWith(wanted);
    case "in":
      return entriesOf(expected).includes(text.trim());
    case "not in":
      return !entriesOf(expected).includes(text.trim());
    case "empty":
      return actual.trim() === "";
    case "not empty":
      return actual.trim() !== "";
    case "=":
      return Number.isNaN(a) || Number.isNaN(b) ? actual === expected : a === b;
    case "≠":
      return Number.isNaN(a) || Number.isNaN(b) ? actual !== expected : a !== b;
    case ">":
      return a > b;
    case "<":
      return a < b;
    case "≥":
      return a >= b;
    case "≤":
      return a <= b;
    default:
      throw new Error(`Switch does not know the operator ${String(operator)}.`);
  }
};

const isEmptyCollection = (value: unknown) =>
  Array.isArray(value)
    ? value.length === 0
    : typeof value === "object" && value !== null && Object.keys(value).length === 0;

// RAGFlow names the variable bare (begin@city), Buddy's editor in braces; anything else is a template. An empty
// list or object counts as empty text.
const operand = (cpnId: unknown, values: RunValues, render: (template: unknown) => string) => {
  if (!isReference(cpnId)) return render(cpnId);
  const value = valueOf(cpnId, values);
  return isEmptyCollection(value) ? "" : asText(value);
};

// The first condition that holds decides; none holding goes to the "else" targets.
export const switchComponent: ComponentImpl = {
  name: "Switch",
  run: async ({ params, render, values }) => {
    const conditions = (params.conditions ?? []) as Condition[];
    for (const [index, condition] of conditions.entries()) {
      const results = (condition.items ?? []).map((item) =>
        compare(operand(item.cpn_id, values, render), item.operator ?? "=", render(item.value)),
      );
      const holds =
        results.length > 0 && (condition.logical_operator === "or" ? results.some(Boolean) : results.every(Boolean));
      if (holds) return { outputs: { case: index }, next: targetsOf(condition.to) };
    }
    return { outputs: { case: "else" }, next: (params.end_cpn_ids ?? []) as string[] };
  },
};
