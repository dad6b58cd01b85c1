import { resolver, uniqueSymbol } from "hono-openapi";
import type * as v from "valibot";

// Marks a validator middleware with its valibot schema, so the OpenAPI document (routes/docs.ts) describes
// the request from the same schema that checks it.
export const documented = <M extends object>(
  middleware: M,
  target: "json" | "query" | "form",
  schema: v.GenericSchema,
): M =>
  Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema as Parameters<typeof resolver>[0]) } });
