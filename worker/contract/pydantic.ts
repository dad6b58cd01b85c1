import * as v from "valibot";

// Messages worded like pydantic v2, because RAGFlow's clients and its API tests compare them word for word.
export const msg = {
  minChars: (n: number) => `String should have at least ${n} character${n === 1 ? "" : "s"}`,
  maxChars: (n: number) => `String should have at most ${n} characters`,
  string: "Input should be a valid string",
  integer: "Input should be a valid integer",
  number: "Input should be a valid number",
  boolean: "Input should be a valid boolean",
  dict: "Input should be a valid dictionary",
  list: "Input should be a valid list",
  gte: (n: number) => `Input should be greater than or equal to ${n}`,
  lte: (n: number) => `Input should be less than or equal to ${n}`,
  extra: "Extra inputs are not permitted",
  oneOf: (values: readonly string[]) =>
    `Input should be ${values
      .map((value) => `'${value}'`)
      .join(", ")
      .replace(/, ([^,]*)$/, " or $1")}`,
};

// A JSON object, not a list (valibot's record() takes a list as an object with index keys).
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.number(msg.integer), v.integer(msg.integer), v.minValue(min, msg.gte(min)), v.maxValue(max, msg.lte(max)));

export const float = (min: number, max: number) =>
  v.pipe(v.number(msg.number), v.minValue(min, msg.gte(min)), v.maxValue(max, msg.lte(max)));

export const str = (min: number, max: number) =>
  v.pipe(v.string(msg.string), v.minLength(min, msg.minChars(min)), v.maxLength(max, msg.maxChars(max)));

export const oneOf = <const T extends readonly string[]>(values: T) => v.picklist(values, msg.oneOf(values));

export const bool = () => v.boolean(msg.boolean);

// Python's `X | None = None`: RAGFlow's SDKs send null for an argument left out, which counts as not given.
export const optionalOrNull = <S extends v.GenericSchema>(schema: S) =>
  v.optional(
    v.pipe(
      v.nullable(schema),
      v.transform((value): v.InferOutput<S> | undefined => value ?? undefined),
    ),
  );

// Query strings carry text; these turn "2" / "true" into numbers and booleans before the usual checks.
export const queryInt = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((raw) => (raw.trim() === "" ? Number.NaN : Number(raw))),
      v.number("Input should be a valid integer, unable to parse string as an integer"),
      v.integer("Input should be a valid integer, unable to parse string as an integer"),
      v.minValue(min, msg.gte(min)),
      v.maxValue(max, msg.lte(max)),
    ),
    String(fallback),
  );

// RAGFlow's validate_rest_api_page / _page_size: a page (or page size) that is not a whole number, or is below 1,
// falls back to the default.
export const queryPage = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((raw) =>
        /^\s*[-+]?\d+\s*$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : fallback,
      ),
      v.maxValue(max, msg.lte(max)),
      v.transform((value) => (value < 1 ? fallback : value)),
    ),
    String(fallback),
  );

// RAGFlow v0.27's chat and session lists: a page (size) that Python's int() cannot read, or below 1, is the
// default (OrNone: not given), never a refusal.
const PYTHON_INT = /^\s*[+-]?\d+\s*$/;
const readPage = (raw: string): number | undefined => {
  const value = PYTHON_INT.test(raw) ? Number(raw) : Number.NaN;
  return value >= 1 ? value : undefined;
};
export const queryPageOrNone = (max = Number.MAX_SAFE_INTEGER) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform(readPage),
      v.check((value) => value === undefined || value <= max, msg.lte(max)),
    ),
  );
export const queryPageOrDefault = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((raw: string): number => readPage(raw) ?? fallback),
      v.maxValue(max, msg.lte(max)),
    ),
    String(fallback),
  );

// pydantic's lax bool: the words it reads as true or false, in any case
const TRUE_WORDS = new Set(["1", "on", "t", "true", "y", "yes"]);
const BOOL_WORDS = new Set([...TRUE_WORDS, "0", "off", "f", "false", "n", "no"]);

export const queryBool = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check(
        (raw) => BOOL_WORDS.has(raw.trim().toLowerCase()),
        "Input should be a valid boolean, unable to interpret input",
      ),
      v.transform((raw) => TRUE_WORDS.has(raw.trim().toLowerCase())),
    ),
    String(fallback),
  );

// RAGFlow's chat, session and document lists: `desc` is true unless it says "false"
export const queryDesc = () =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((raw) => raw.trim().toLowerCase() !== "false"),
    ),
    "true",
  );

export const HEX_ID = /^[0-9a-f]{32}$/;
export const IdSchema = v.pipe(v.string(msg.string), v.regex(HEX_ID, "Invalid id"));
