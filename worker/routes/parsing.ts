import type { Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { dataError } from "../lib/errors";
import { serviceContext } from "../middleware/deps";
import { startParsing } from "../services/ingestion/start";
import { stopParsing } from "../services/ingestion/stop";

const ParseBodySchema = v.object({
  document_ids: v.array(v.string(), "`document_ids` should be a list"),
  delete: v.optional(v.boolean()),
  delete_chunks: v.optional(v.boolean()),
});

// RAGFlow answers these with code 102 (not 101), and a missing list reads "`document_ids` is required".
const readIds = async (c: Context<AppEnv>) => {
  const body = await c.req.json().catch(() => ({}));
  if (!body || typeof body !== "object" || !("document_ids" in body)) throw dataError("`document_ids` is required");
  const parsed = v.safeParse(ParseBodySchema, body);
  if (!parsed.success) throw dataError(parsed.issues[0]?.message ?? "`document_ids` is required");
  return parsed.output;
};

export const parseHandler = async (c: Context<AppEnv>) => {
  const body = await readIds(c);
  const keep = body.delete === false || body.delete_chunks === false;
  return ok(c, await startParsing(serviceContext(c), c.req.param("datasetId") as string, body.document_ids, !keep));
};

export const stopHandler = async (c: Context<AppEnv>) => {
  const body = await readIds(c);
  return ok(c, await stopParsing(serviceContext(c), c.req.param("datasetId") as string, body.document_ids));
};
