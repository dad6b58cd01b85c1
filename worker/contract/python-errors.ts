// Python's names and quoting for the exceptions RAGFlow's conversions raise (kept here, in the contract, so the web
// app can share the schemas that use them).
const pythonType = (value: unknown) => {
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  return "dict";
};

const quoted = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

// Python's repr() of an exception, as RAGFlow answers a value its code could not convert (code 100): where
// RAGFlow's clients match that line, Buddy refuses the same input with the same line.
const pythonTypeName = (value: unknown) => (value === null || value === undefined ? "NoneType" : pythonType(value));

const exceptionRepr = (type: string, text: string) => `${type}(${text.includes("'") ? `"${text}"` : `'${text}'`})`;

// req.get(...) on a JSON body that is no object
export const pythonNoGetError = (body: unknown) => `'${pythonTypeName(body)}' object has no attribute 'get'`;

export const pythonIntError = (input: unknown) =>
  typeof input === "string"
    ? exceptionRepr("ValueError", `invalid literal for int() with base 10: ${quoted(input)}`)
    : exceptionRepr(
        "TypeError",
        `int() argument must be a string, a bytes-like object or a real number, not '${pythonTypeName(input)}'`,
      );

export const pythonFloatError = (input: unknown) =>
  typeof input === "string"
    ? exceptionRepr("ValueError", `could not convert string to float: ${quoted(input)}`)
    : exceptionRepr("TypeError", `float() argument must be a string or a real number, not '${pythonTypeName(input)}'`);

// "".join(items) with an item that is not a string
export const pythonJoinError = (items: unknown) => {
  const list = Array.isArray(items) ? items : [];
  const index = list.findIndex((item) => typeof item !== "string");
  return exceptionRepr(
    "TypeError",
    `sequence item ${Math.max(index, 0)}: expected str instance, ${pythonTypeName(list[index])} found`,
  );
};

// Python's repr() of a JSON value, as pydantic's error input prints inside lists and dicts.
export const pythonRepr = (value: unknown): string => {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`)
      .join(", ")}}`;
  return String(value);
};
