import fc from "fast-check";
import { HOSTILE_PATH_IDS, HOSTILE_QUERY, HOSTILE_VALUES, OVERSIZED_STRING, RAW_BODIES, UNKNOWN_KEYS } from "./hostile";
import type { Operation, Schema } from "./openapi";
import { asQueryValue, schemaArbitrary } from "./schema-arbitrary";

export type Key = string | number;

export type Mutation =
  | { kind: "none" }
  | { kind: "bodyField"; path: Key[]; label: string; value: unknown }
  | { kind: "rawBody"; label: string }
  // the generated body inside a list: valibot's object() would take it where every field is optional
  | { kind: "bodyInList" }
  | { kind: "queryField"; name: string; label: string; value: string | string[] }
  | { kind: "pathParam"; name: string; label: string; value: string }
  | { kind: "auth"; label: string; authorization: string | null };

export type FuzzCase = {
  query: Record<string, string | string[]>;
  body: unknown;
  mutation: Mutation;
};

export type CaseContext = {
  realIds: string[];
  strangerIds: string[];
  // the caller's own id for each path parameter
  pathIds: Record<string, string>;
  foreignToken: string;
  urls: string[];
};

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const sendsBody = (operation: Operation) => BODY_METHODS.has(operation.method);

const labelled = <T>(table: Record<string, T>) =>
  fc.constantFrom(...Object.keys(table)).map((label) => ({ label, value: table[label] as T }));

// Every place in a JSON value a mutation can hit: each existing key and list item, and a new key in each object.
const targets = (value: unknown, schema: Schema | undefined, path: Key[] = []): Key[][] => {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...path, index], ...targets(item, undefined, [...path, index])]);
  if (typeof value !== "object" || value === null) return [];
  const keys = new Set([...Object.keys(value), ...Object.keys(path.length === 0 ? (schema?.properties ?? {}) : {})]);
  return [...keys].flatMap((key) => [
    [...path, key],
    ...targets((value as Record<string, unknown>)[key], undefined, [...path, key]),
  ]);
};

const objectPaths = (value: unknown, path: Key[] = []): Key[][] => {
  if (typeof value !== "object" || value === null) return [];
  const nested = Object.entries(value).flatMap(([key, item]) =>
    objectPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
  return Array.isArray(value) ? nested : [path, ...nested];
};

// A copy of `value` with `path` set; keys such as __proto__ become own properties, as JSON.parse makes them.
export const setAt = (value: unknown, path: Key[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [Key, ...Key[]];
  const container = (
    Array.isArray(value) ? [...value] : typeof value === "object" && value !== null ? { ...value } : {}
  ) as Record<Key, unknown>;
  const current = Object.hasOwn(container, head) ? container[head] : undefined;
  Object.defineProperty(container, head, {
    value: setAt(current, rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return container;
};

const hostileValue = (context: CaseContext) =>
  fc.oneof(
    { weight: 6, arbitrary: labelled(HOSTILE_VALUES) },
    { weight: 1, arbitrary: fc.constantFrom(...context.strangerIds).map((value) => ({ label: "strangerId", value })) },
    { weight: 1, arbitrary: fc.constant({ label: "oversizedString", value: OVERSIZED_STRING as unknown }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ label: "randomJson", value })) },
    { weight: 1, arbitrary: fc.string({ unit: "binary" }).map((value) => ({ label: "randomText", value })) },
  );

const bodyMutations = (operation: Operation, body: unknown, context: CaseContext) => {
  const fieldTargets = targets(body, operation.body);
  const objects = objectPaths(body);
  const options: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 2, arbitrary: labelled(RAW_BODIES).map(({ label }): Mutation => ({ kind: "rawBody", label })) },
    { weight: 1, arbitrary: fc.constant<Mutation>({ kind: "bodyInList" }) },
  ];
  if (objects.length > 0)
    options.push({
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...objects), fc.constantFrom(...UNKNOWN_KEYS), hostileValue(context)).map(
        ([path, key, { label, value }]): Mutation => ({
          kind: "bodyField",
          path: [...path, key],
          label: `unknown key ${JSON.stringify(key)} = ${label}`,
          value,
        }),
      ),
    });
  if (fieldTargets.length > 0)
    options.push({
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom(...fieldTargets), hostileValue(context))
        .map(([path, { label, value }]): Mutation => ({ kind: "bodyField", path, label, value })),
    });
  return options;
};

const requestMutations = (operation: Operation, context: CaseContext): fc.WeightedArbitrary<Mutation>[] => {
  const options: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 2, arbitrary: fc.constant({ kind: "none" }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { kind: "auth", label: "no credentials", authorization: null },
        {
          kind: "auth",
          label: "made-up API key",
          authorization: "Bearer ragflow-0000000000000000000000000000000000000000000",
        },
        { kind: "auth", label: "not a bearer", authorization: "Basic Zm9vOmJhcg==" },
        { kind: "auth", label: "another kind of token", authorization: context.foreignToken },
      ),
    },
  ];
  const queryNames = [...Object.keys(operation.query), "unknown_param"];
  options.push({
    weight: Object.keys(operation.query).length > 0 ? 6 : 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...queryNames), labelled(HOSTILE_QUERY))
      .map(([name, { label, value }]): Mutation => ({ kind: "queryField", name, label, value })),
  });
  if (operation.pathParams.length > 0) {
    const ids = fc.oneof(
      { weight: 4, arbitrary: labelled(HOSTILE_PATH_IDS) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...context.strangerIds).map((value) => ({ label: "strangerId", value })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...context.realIds).map((value) => ({ label: "idOfAnotherKind", value })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...Object.values(context.pathIds))
          .map((value) => ({ label: "upperCaseId", value: value.toUpperCase() })),
      },
    );
    options.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...operation.pathParams), ids)
        .map(([name, { label, value }]): Mutation => ({ kind: "pathParam", name, label, value })),
    });
  }
  return options;
};

// Schema-valid query and body (ids of the caller's resources mixed in), then at most one mutation.
export const caseArbitrary = (operation: Operation, context: CaseContext): fc.Arbitrary<FuzzCase> => {
  const options = { ids: fc.constantFrom(...context.realIds), urls: fc.constantFrom(...context.urls) };
  const query = fc.record(
    Object.fromEntries(
      Object.entries(operation.query).map(([name, { schema }]) => [
        name,
        schemaArbitrary(schema, options, name).map(asQueryValue),
      ]),
    ),
    {
      requiredKeys: Object.entries(operation.query)
        .filter(([, p]) => p.required)
        .map(([name]) => name),
    },
  ) as fc.Arbitrary<Record<string, string | string[]>>;
  const body = !sendsBody(operation)
    ? fc.constant(undefined)
    : operation.body
      ? schemaArbitrary(operation.body, options)
      : fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  return fc.record({ query, body }).chain((base) => {
    const mutations = requestMutations(operation, context);
    if (sendsBody(operation)) mutations.push(...bodyMutations(operation, base.body, context));
    return fc.oneof(...mutations).map((mutation) => ({ ...base, mutation }));
  });
};
