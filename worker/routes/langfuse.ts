import { Hono } from "hono";
import type { AppEnv } from "../env";
import { dataError } from "../lib/errors";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { requireArguments } from "./required-arguments";

const KEY_FIELDS = ["secret_key", "public_key", "host"] as const;
const NOTHING_STORED = "Have not record any Langfuse keys.";
export const LANGFUSE_UNSUPPORTED = "Langfuse tracing is not supported by Buddy; no keys are stored.";

// RAGFlow's Langfuse keys (/langfuse/api-key). Buddy sends no traces to Langfuse, so it stores no keys: reading
// and deleting answer RAGFlow's "nothing recorded"; storing checks RAGFlow's arguments, then says no.
export const langfuseRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/api-key", (c) => ok(c, null, NOTHING_STORED))
  .delete("/api-key", (c) => ok(c, null, NOTHING_STORED))
  .on(["POST", "PUT"], "/api-key", requireArguments(...KEY_FIELDS), async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    if (!KEY_FIELDS.every((name) => typeof body[name] === "string" && body[name] !== "")) {
      throw dataError("Missing required fields");
    }
    throw dataError(LANGFUSE_UNSUPPORTED);
  });
