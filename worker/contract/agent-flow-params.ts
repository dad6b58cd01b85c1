import * as v from "valibot";
import { METADATA_OPERATORS } from "./metadata-condition";
import { msg, oneOf } from "./pydantic";
import { BeginParamsSchema } from "./webhook-security";

// The parameters of RAGFlow v0.27's data and control-flow components (Loop, VariableAssigner, VariableAggregator,
// DataOperations, ListOperations, StringTransform), as its DSL writes them. A saved flow is checked against these;
// entries still being filled in (no variable picked yet) pass here and are refused when the flow runs.

export const INPUT_MODES = ["constant", "variable"] as const;
export const LOGICAL_OPERATORS = ["and", "or"] as const;

// Loop variable types, as RAGFlow's editor offers them
export const LOOP_VARIABLE_TYPES = [
  "string",
  "number",
  "boolean",
  "object",
  "array<string>",
  "array<number>",
  "array<boolean>",
  "array<object>",
] as const;

// the comparisons of a metadata condition, and RAGFlow's `is` / `is not` for exact text
export const LOOP_OPERATORS = [...METADATA_OPERATORS, "is", "is not"] as const;
export type LoopOperator = (typeof LOOP_OPERATORS)[number];

// operators that change a variable without a parameter
export const ASSIGN_OPERATORS_WITHOUT_PARAMETER = ["clear", "remove_first", "remove_last"] as const;
export const ASSIGN_OPERATORS = [
  "overwrite",
  "clear",
  "set",
  "append",
  "extend",
  "remove_first",
  "remove_last",
  "+=",
  "-=",
  "*=",
  "/=",
] as const;
export type AssignOperator = (typeof ASSIGN_OPERATORS)[number];

export const DATA_OPERATIONS = [
  "select_keys",
  "literal_eval",
  "combine",
  "filter_values",
  "append_or_update",
  "remove_keys",
  "rename_keys",
] as const;
export type DataOperation = (typeof DATA_OPERATIONS)[number];

// the comparisons of DataOperations' filter_values and ListOperations' filter
export const FILTER_OPERATORS = ["=", "≠", "contains", "start with", "end with"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

// "topN" is RAGFlow's older name of head; an empty operation is nth
export const LIST_OPERATIONS = ["nth", "head", "tail", "filter", "sort", "drop_duplicates"] as const;
export type ListOperation = (typeof LIST_OPERATIONS)[number];
export const listOperationOf = (operation: unknown): string => {
  const name = String(operation ?? "").trim();
  if (name.toLowerCase() === "topn") return "head";
  return name || "nth";
};

export const SORT_METHODS = ["asc", "desc"] as const;
export const STRING_TRANSFORM_METHODS = ["split", "merge"] as const;

// a group's name becomes an output name: {VariableAggregator:x@<group_name>} (an empty one is refused when the
// flow runs)
export const GROUP_NAME = /^[A-Za-z0-9_]*$/;

const text = v.string(msg.string);
const optionalText = v.optional(text);
const list = <S extends v.GenericSchema>(item: S) => v.optional(v.array(item, msg.list));
const entry = <E extends v.ObjectEntries>(entries: E) => v.looseObject(entries, msg.dict);
const optionalOneOf = <const T extends readonly string[]>(values: T) => v.optional(oneOf(values));

export const LoopParamsSchema = entry({
  loop_variables: list(
    entry({
      variable: optionalText,
      type: optionalOneOf(LOOP_VARIABLE_TYPES),
      input_mode: optionalOneOf(INPUT_MODES),
      value: v.optional(v.unknown()),
    }),
  ),
  loop_termination_condition: list(
    entry({
      variable: optionalText,
      operator: optionalOneOf(LOOP_OPERATORS),
      input_mode: optionalOneOf(INPUT_MODES),
      value: v.optional(v.unknown()),
    }),
  ),
  logical_operator: optionalOneOf(LOGICAL_OPERATORS),
  maximum_loop_count: v.optional(v.pipe(v.number(msg.integer), v.integer(msg.integer), v.minValue(0, msg.gte(0)))),
});

export const VariableAssignerParamsSchema = entry({
  variables: list(
    entry({ variable: optionalText, operator: optionalOneOf(ASSIGN_OPERATORS), parameter: v.optional(v.unknown()) }),
  ),
});

export const VariableAggregatorParamsSchema = entry({
  groups: v.optional(
    v.pipe(
      v.array(
        entry({
          group_name: v.pipe(text, v.regex(GROUP_NAME, "Input should be a name of letters, digits and _")),
          variables: list(entry({ value: optionalText })),
          type: optionalText,
        }),
        msg.list,
      ),
      v.check(
        (groups) => new Set(groups.map((group) => group.group_name)).size === groups.length,
        "Group names should differ from each other",
      ),
    ),
  ),
});

export const DataOperationsParamsSchema = entry({
  query: v.optional(
    v.custom<string | string[]>(
      (value) => typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string")),
      "Input should be a variable or a list of variables",
    ),
  ),
  operations: optionalOneOf(DATA_OPERATIONS),
  select_keys: list(text),
  filter_values: list(
    entry({ key: optionalText, operator: optionalOneOf(FILTER_OPERATORS), value: v.optional(v.unknown()) }),
  ),
  updates: list(entry({ key: optionalText, value: v.optional(v.unknown()) })),
  remove_keys: list(text),
  rename_keys: list(entry({ old_key: optionalText, new_key: optionalText })),
});

// a whole number, or one written as text (RAGFlow reads it with int())
const integerLike = v.custom<number | string>(
  (value) =>
    typeof value === "number" ? Number.isInteger(value) : typeof value === "string" && /^\s*-?\d+\s*$/.test(value),
  "`n` should be a valid integer",
);

export const ListOperationsParamsSchema = entry({
  query: optionalText,
  operations: v.optional(
    v.pipe(
      v.string(msg.string),
      v.check(
        (operation) => (LIST_OPERATIONS as readonly string[]).includes(listOperationOf(operation)),
        msg.oneOf(LIST_OPERATIONS),
      ),
    ),
  ),
  n: v.optional(integerLike),
  strict: v.optional(
    v.custom<boolean | string>((value) => typeof value === "boolean" || typeof value === "string", msg.boolean),
  ),
  sort_method: optionalOneOf(SORT_METHODS),
  sort_by: optionalText,
  filter: v.optional(entry({ operator: optionalOneOf(FILTER_OPERATORS), value: v.optional(v.unknown()) })),
});

export const StringTransformParamsSchema = entry({
  method: optionalOneOf(STRING_TRANSFORM_METHODS),
  script: optionalText,
  split_ref: optionalText,
  delimiters: v.optional(
    v.pipe(
      v.array(v.pipe(text, v.minLength(1, msg.minChars(1))), msg.list),
      v.minLength(1, "List should have at least 1 item after validation, not 0"),
    ),
  ),
});

// the field types of Begin's and UserFillUp's inputs (RAGFlow's; Buddy's editor writes "number" for "integer")
export const INPUT_TYPES = ["line", "paragraph", "options", "file", "number", "integer", "boolean"] as const;

export const UserFillUpParamsSchema = entry({
  enable_tips: v.optional(v.boolean(msg.boolean)),
  tips: optionalText,
  // RAGFlow's editor writes a new UserFillUp's inputs as an empty list: read as no fields
  inputs: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (Array.isArray(value) && value.length === 0 ? {} : value)),
      v.record(
        v.string(),
        entry({
          name: optionalText,
          type: optionalOneOf(INPUT_TYPES),
          optional: v.optional(v.boolean(msg.boolean)),
          options: list(v.unknown()),
        }),
        msg.dict,
      ),
    ),
  ),
});

export const DOC_FORMATS = ["pdf", "docx", "markdown", "txt", "html"] as const;

export const DocGeneratorParamsSchema = entry({
  output_format: optionalOneOf(DOC_FORMATS),
  content: optionalText,
  filename: optionalText,
  header_text: optionalText,
  footer_text: optionalText,
  watermark_text: optionalText,
  add_page_numbers: v.optional(v.boolean(msg.boolean)),
  add_timestamp: v.optional(v.boolean(msg.boolean)),
  include_download_info_in_content: v.optional(v.boolean(msg.boolean)),
  // RAGFlow refuses sizes under 12; above 36 a heading no longer fits a line
  font_size: v.optional(v.pipe(v.number(msg.number), v.minValue(12, msg.gte(12)), v.maxValue(36, msg.lte(36)))),
});

// The components whose params a saved flow must get right, with their schemas.
export const FLOW_PARAM_SCHEMAS = {
  Begin: BeginParamsSchema,
  Loop: LoopParamsSchema,
  VariableAssigner: VariableAssignerParamsSchema,
  VariableAggregator: VariableAggregatorParamsSchema,
  DataOperations: DataOperationsParamsSchema,
  ListOperations: ListOperationsParamsSchema,
  StringTransform: StringTransformParamsSchema,
  UserFillUp: UserFillUpParamsSchema,
  DocGenerator: DocGeneratorParamsSchema,
} as const;

// The first problem of a component's params, as "<field path>: <message>", or null; the engine checks with it too.
export const flowParamsProblem = (name: string, params: unknown): string | null => {
  const schema = FLOW_PARAM_SCHEMAS[name as keyof typeof FLOW_PARAM_SCHEMAS];
  if (!schema) return null;
  const result = v.safeParse(schema, params);
  if (result.success) return null;
  const [issue] = result.issues;
  return `${v.getDotPath(issue) ?? "params"}: ${issue.message}`;
};
