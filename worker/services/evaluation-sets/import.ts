import Papa from "papaparse";
import * as v from "valibot";
import {
  EVAL_IMPORT_MAX_BYTES,
  EVAL_QUESTIONS_PER_SET,
  type ImportReport,
  type QuestionItemInput,
  QuestionItemSchema,
} from "../../contract/evaluation-sets";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getManageableSet } from "./access";
import { expectationProblems } from "./expectations";
import { insertQuestions } from "./questions-add";

type Line = { line: number; value: unknown };

const idList = (cell: unknown) =>
  typeof cell === "string"
    ? cell
        .split(";")
        .map((id) => id.trim())
        .filter(Boolean)
    : [];

// CSV: a header row (question, expected_doc_ids, expected_chunk_ids, expected_text, reference_answer), id lists
// separated by ";"; line 1 is the header.
const csvLines = (text: string): Line[] => {
  const { data } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy" });
  return data.map((row, i) => ({
    line: i + 2,
    value: {
      question: row.question ?? "",
      expected_doc_ids: idList(row.expected_doc_ids),
      expected_chunk_ids: idList(row.expected_chunk_ids),
      expected_text: row.expected_text || null,
      reference_answer: row.reference_answer || null,
    },
  }));
};

// JSONL: one question object per line, as POST …/questions takes its items.
const jsonLines = (text: string) =>
  text.split("\n").flatMap((raw, i): (Line | { line: number; error: string })[] => {
    if (!raw.trim()) return [];
    try {
      return [{ line: i + 1, value: JSON.parse(raw) as unknown }];
    } catch {
      return [{ line: i + 1, error: "Not a JSON object." }];
    }
  });

const issueText = (issue: v.BaseIssue<unknown>) => {
  const path = v.getDotPath(issue);
  return path ? `\`${path}\`: ${issue.message}` : issue.message;
};

// Questions from a .csv or .jsonl file: good lines are added, bad ones reported by line number.
export const importQuestions = async (ctx: ServiceContext, setId: string, file: File): Promise<ImportReport> => {
  const set = await getManageableSet(ctx, setId);
  if (file.size > EVAL_IMPORT_MAX_BYTES) throw dataError(`\`file\`: at most ${EVAL_IMPORT_MAX_BYTES} bytes.`);
  const name = file.name.toLowerCase();
  if (!name.endsWith(".csv") && !name.endsWith(".jsonl")) throw dataError("`file` must be a .csv or .jsonl file.");
  const text = (await file.text()).replace(/^\uFEFF/, "");
  const lines = name.endsWith(".csv") ? csvLines(text) : jsonLines(text);
  if (lines.length > EVAL_QUESTIONS_PER_SET) throw dataError(`\`file\`: at most ${EVAL_QUESTIONS_PER_SET} questions.`);
  const errors: ImportReport["errors"] = [];
  const parsed: { line: number; item: QuestionItemInput }[] = [];
  for (const entry of lines) {
    if ("error" in entry) {
      errors.push({ line: entry.line, message: entry.error });
      continue;
    }
    const result = v.safeParse(QuestionItemSchema, entry.value);
    if (result.success) parsed.push({ line: entry.line, item: { ...result.output, source: "import" } });
    else errors.push({ line: entry.line, message: issueText(result.issues[0]) });
  }
  const problems = await expectationProblems(
    ctx,
    set,
    parsed.map(({ item }) => item),
    (_, field) => `\`${field}\``,
  );
  const good = parsed.filter((_, i) => {
    const problem = problems[i];
    if (problem) errors.push({ line: parsed[i]?.line ?? 0, message: problem });
    return !problem;
  });
  const added = await insertQuestions(
    ctx,
    set,
    good.map(({ item }) => item),
    "import",
  );
  return { added: added.length, errors: errors.toSorted((a, b) => a.line - b.line) };
};
