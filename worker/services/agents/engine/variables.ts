// Variable references in component params: {Generate:ab12@content}, with a dotted path into JSON outputs
// ({Invoke:x@result.items.0}), {sys.query}, {env.name}. Unknown references render as empty text.
const REFERENCE = /\{([A-Za-z]+:[A-Za-z0-9_-]+|begin)@([A-Za-z0-9_.]+)\}|\{((?:sys|env)\.[A-Za-z0-9_]+)\}/g;

export type RunValues = { outputs: Map<string, Record<string, unknown>>; globals: Record<string, unknown> };

// JSON text (e.g. an HTTP answer) is looked into like an object when a path goes deeper.
const asObject = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
};

const at = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((current, key) => {
    const container = asObject(current);
    return container !== null && typeof container === "object"
      ? (container as Record<string, unknown>)[key]
      : undefined;
  }, value);

export const lookup = (values: RunValues, componentId: string, key: string) => {
  const [head, ...rest] = key.split(".");
  return at(values.outputs.get(componentId)?.[head as string], rest);
};

const asText = (value: unknown): string => {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
};

export const render = (template: unknown, values: RunValues): string =>
  asText(template).replace(
    REFERENCE,
    (_whole, componentId: string | undefined, key: string | undefined, global: string | undefined) =>
      asText(global ? values.globals[global] : lookup(values, componentId as string, key as string)),
  );

// A param that is exactly one reference gives the referenced value itself (arrays stay arrays).
export const resolve = (reference: unknown, values: RunValues): unknown => {
  const text = asText(reference).trim();
  const single = new RegExp(`^${REFERENCE.source}$`).exec(text);
  if (!single) return render(text, values);
  const [, componentId, key, global] = single;
  return global ? values.globals[global] : lookup(values, componentId as string, key as string);
};

// The component ids a template reads from (for fan-in: a component waits for what it references).
export const referencedComponents = (template: unknown) =>
  [...asText(typeof template === "string" ? template : JSON.stringify(template ?? "")).matchAll(REFERENCE)]
    .map((match) => match[1])
    .filter((id): id is string => Boolean(id));
