import fc from "fast-check";
import type { Schema } from "./openapi";

// Valid values stay small; the hostile ones (1 MB strings, 10k-long lists) come from the mutations.
const MAX_STRING = 24;
const MAX_ITEMS = 3;
const MAX_DEPTH = 4;
const ID_FIELD = /(^|_)ids?$/;

export type SchemaArbitraryOptions = {
  // Real ids of the caller's resources, mixed into fields whose name says they hold ids.
  ids?: fc.Arbitrary<string>;
  // URLs the worker may fetch: the local test servers, never a host outside.
  urls?: fc.Arbitrary<string>;
};

export const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

const stringArbitrary = (schema: Schema, name: string, options: SchemaArbitraryOptions) => {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  let arbitrary: fc.Arbitrary<string>;
  if (schema.format === "uri" && options.urls) arbitrary = options.urls;
  else if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    arbitrary = fc
      .stringMatching(pattern)
      .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
  } else if (schema.format === "email") arbitrary = fc.emailAddress();
  else arbitrary = fc.string({ minLength, maxLength });
  return ID_FIELD.test(name) && options.ids ? fc.oneof(arbitrary, options.ids) : arbitrary;
};

const numberBounds = (schema: Schema, integer: boolean) => {
  const step = integer ? 1 : Number.EPSILON;
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : schema.minimum;
  const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : schema.maximum;
  return {
    min: Math.max(min ?? -1e6, Number.MIN_SAFE_INTEGER),
    max: Math.min(max ?? 1e6, Number.MAX_SAFE_INTEGER),
  };
};

const objectArbitrary = (
  schema: Schema,
  options: SchemaArbitraryOptions,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> => {
  const required = schema.required ?? [];
  if (schema.properties) {
    const entries = Object.entries(schema.properties).filter(([key]) => depth < MAX_DEPTH || required.includes(key));
    return fc.record(
      Object.fromEntries(entries.map(([key, value]) => [key, schemaArbitrary(value, options, key, depth + 1)])),
      { requiredKeys: required.filter((key) => entries.some(([name]) => name === key)) },
    );
  }
  const values =
    typeof schema.additionalProperties === "object"
      ? schemaArbitrary(schema.additionalProperties, options, "", depth + 1)
      : fc.jsonValue({ maxDepth: 1 });
  const keys = schema.propertyNames ? stringArbitrary(schema.propertyNames, "", options) : fc.string({ maxLength: 8 });
  return fc.dictionary(keys, values, { maxKeys: depth < MAX_DEPTH ? MAX_ITEMS : 0 });
};

const arrayArbitrary = (schema: Schema, options: SchemaArbitraryOptions, name: string, depth: number) => {
  if (Array.isArray(schema.items))
    return fc.tuple(...schema.items.map((item) => schemaArbitrary(item, options, name, depth + 1)));
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, depth < MAX_DEPTH ? MAX_ITEMS : 0));
  return fc.array(schemaArbitrary(schema.items ?? {}, options, name, depth + 1), { minLength, maxLength });
};

// Values that the schema accepts, generated (and shrunk) by fast-check.
export const schemaArbitrary = (
  schema: Schema,
  options: SchemaArbitraryOptions = {},
  name = "",
  depth = 0,
): fc.Arbitrary<unknown> => {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((item) => schemaArbitrary(item, options, name, depth)));
  const types = typesOf(schema);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => schemaArbitrary({ ...schema, type }, options, name, depth)));
  switch (types[0] ?? (schema.properties ? "object" : schema.items ? "array" : undefined)) {
    case "string":
      return stringArbitrary(schema, name, options);
    case "integer":
      return fc.integer(numberBounds(schema, true));
    case "number":
      return fc.double({ ...numberBounds(schema, false), noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayArbitrary(schema, options, name, depth);
    case "object":
      return objectArbitrary(schema, options, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

// Query values travel as text: numbers and booleans as their digits and words, lists as repeated keys.
export const asQueryValue = (value: unknown): string | string[] => {
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
  if (typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
};
