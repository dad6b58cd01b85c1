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

export const asText = (value: unknown): string => {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
};

// listJoiner: lists render as their items joined with it (StringTransform's merge), not as JSON
export const render = (template: unknown, values: RunValues, listJoiner?: string): string =>
  asText(template).replace(
    REFERENCE,
    (_whole, componentId: string | undefined, key: string | undefined, global: string | undefined) => {
      const value = global ? values.globals[global] : lookup(values, componentId as string, key as string);
      return listJoiner !== undefined && Array.isArray(value) ? value.map(asText).join(listJoiner) : asText(value);
    },
  );

// RAGFlow v0.27 writes variables bare ("Loop:x@count", "sys.query") where Buddy writes them in braces.
const BARE_REFERENCE = /^([A-Za-z]+:[A-Za-z0-9_-]+|begin)@([A-Za-z0-9_.]+)$|^((?:sys|env)\.[A-Za-z0-9_]+)$/;
const parseReference = (reference: unknown) => {
  if (typeof reference !== "string") return null;
  const match = BARE_REFERENCE.exec(
    reference
      .trim()
      .replace(/^\{\s*/, "")
      .replace(/\s*\}$/, ""),
  );
  if (!match) return null;
  const [, componentId = "", key = "", global] = match;
  return { global, componentId, key };
};

export const isReference = (reference: unknown) => parseReference(reference) !== null;

// The value one variable names, braced or bare; undefined when it names none.
export const valueOf = (reference: unknown, values: RunValues): unknown => {
  const parsed = parseReference(reference);
  if (!parsed) return undefined;
  return parsed.global ? values.globals[parsed.global] : lookup(values, parsed.componentId, parsed.key);
};

// Sets what a variable names (VariableAssigner): a component's output, a path inside it, or an env.* global.
// sys.* values are the run's own and stay as they are.
export const assign = (reference: unknown, value: unknown, values: RunValues) => {
  const parsed = parseReference(reference);
  if (!parsed) throw new Error(`${asText(reference) || "(empty)"} is not a variable.`);
  if (parsed.global?.startsWith("sys.")) throw new Error(`${parsed.global} cannot be changed.`);
  if (parsed.global) {
    values.globals[parsed.global] = value;
    return;
  }
  const { componentId, key } = parsed;
  const outputs = values.outputs.get(componentId);
  if (!outputs) throw new Error(`Unknown variable: ${componentId}@${key} (its component has not run).`);
  const [head, ...path] = key.split(".") as [string, ...string[]];
  if (path.length === 0) {
    outputs[head] = value;
    return;
  }
  const root = (typeof outputs[head] === "object" && outputs[head] !== null ? outputs[head] : {}) as Record<
    string,
    unknown
  >;
  outputs[head] = root;
  let current = root;
  for (const step of path.slice(0, -1)) {
    if (typeof current[step] !== "object" || current[step] === null) current[step] = {};
    current = current[step] as Record<string, unknown>;
  }
  current[path.at(-1) as string] = value;
};

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

// Every variable a component's params read, braced or bare, as `cid@key` or `sys.x`/`env.x` (a single
// component's test asks for a sample value of each).
export const referencesIn = (params: unknown): string[] => {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      for (const [, componentId, key, global] of value.matchAll(REFERENCE))
        found.add(global ?? `${componentId}@${key}`);
      const bare = parseReference(value);
      if (bare && !value.includes("{")) found.add(bare.global ?? `${bare.componentId}@${bare.key}`);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(params);
  return [...found];
};
