import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { argumentError } from "../lib/errors";

// RAGFlow's @validate_request: a key absent from the JSON body is refused with code 101 and its wording before
// any field is checked. Present but empty or wrong values go on to the route's own schema.
export const requireArguments = (...names: string[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const body: unknown = await c.req.json().catch(() => ({}));
    if (typeof body === "object" && body !== null && !Array.isArray(body)) {
      const missing = names.filter((name) => !(name in body));
      if (missing.length) throw argumentError(`required argument are missing: ${missing.join(",")}; `);
    }
    await next();
  });

// RAGFlow's POST /agents: a body without `dsl` (or with null), then one without `title`, is refused with 101
// and its own line before the body is checked further.
export const requireAgentDslAndTitle = createMiddleware<AppEnv>(async (c, next) => {
  const body: unknown = await c.req.json().catch(() => ({}));
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    if (fields.dsl === undefined || fields.dsl === null) throw argumentError("No DSL data in request.");
    if (fields.title === undefined || fields.title === null) throw argumentError("No title in request.");
  }
  await next();
});
