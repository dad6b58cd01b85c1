import type { Schema } from "./openapi";
import { typesOf } from "./schema-arbitrary";

const isType = (type: string, value: unknown): boolean => {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      // valibot's object() and record() take a list as an object with index keys ("0", "1" …)
      return typeof value === "object" && value !== null;
    default:
      return true;
  }
};

// Query strings become numbers the way the validators read them (Number() of the trimmed text).
const fromQuery = (schema: Schema, value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const numeric = typeof schema.type === "string" && ["integer", "number"].includes(schema.type);
  return numeric ? (value.trim() === "" ? Number.NaN : Number(value)) : value;
};

// Whether a value passes the schema, over the keywords the valibot → JSON Schema conversion emits. Formats
// (email, uri) are not checked, so "false" always means the validators must refuse the value.
export const conforms = (schema: Schema, raw: unknown, inQuery = false): boolean => {
  const value = inQuery ? fromQuery(schema, raw) : raw;
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.enum && !schema.enum.includes(value as never)) return false;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && !alternatives.some((item) => conforms(item, raw, inQuery))) return false;
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((type) => isType(type, value))) return false;
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return false;
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    const { items } = schema;
    if (Array.isArray(items)) {
      if (!items.every((item, index) => conforms(item, value[index], inQuery))) return false;
    } else if (items && !value.every((item) => conforms(items, item, inQuery))) return false;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    if ((schema.required ?? []).some((key) => record[key] === undefined)) return false;
    for (const [key, item] of Object.entries(record)) {
      const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
      if (property) {
        if (!conforms(property, item)) return false;
        continue;
      }
      if (schema.additionalProperties === false && schema.properties) return false;
      if (typeof schema.additionalProperties === "object" && !conforms(schema.additionalProperties, item)) return false;
      if (schema.propertyNames && !conforms(schema.propertyNames, key)) return false;
    }
  }
  return true;
};
