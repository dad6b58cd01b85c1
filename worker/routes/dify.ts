import { Hono } from "hono";
import type { Context } from "hono";
import * as v from "valibot";
import { DIFY_REQUIRED, DifyRetrievalSchema } from "../contract/dify";
import type { AppEnv } from "../env";
import { AppError, argumentError, RetCode } from "../lib/errors";
import { formatIssues } from "../lib/validation";
import { assertJsonObject } from "../middleware/validate";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { difyRecords } from "../services/retrieval/dify";

// RAGFlow's build_error_result: this route's errors carry an HTTP status that follows their code.
const statusOf = (code: number) => {
  if (code === RetCode.ARGUMENT_ERROR || code === RetCode.DATA_ERROR || code === RetCode.OPERATING_ERROR) return 400;
  if (code === RetCode.PERMISSION_ERROR || code === RetCode.AUTHENTICATION_ERROR || code === RetCode.FORBIDDEN)
    return 403;
  if (code === RetCode.NOT_FOUND) return 404;
  return 500;
};

const difyError = (c: Context, error: AppError) =>
  c.json({ code: error.code, message: error.message }, error.status === 200 ? statusOf(error.code) : error.status);

const readInput = async (c: Context) => {
  const body = assertJsonObject(await c.req.json().catch(() => null));
  const missing = DIFY_REQUIRED.filter((key) => !(key in body));
  if (missing.length) throw argumentError(`required argument are missing: ${missing.join(",")}; `);
  const parsed = v.safeParse(DifyRetrievalSchema, body);
  if (!parsed.success) throw argumentError(formatIssues(parsed.issues));
  return parsed.output;
};

// Dify's external knowledge API (Dify → "External Knowledge API", endpoint …/api/v1/dify, key = a Buddy API key):
// `{records: [{content, score, title, metadata}]}` without RAGFlow's envelope.
export const difyRoutes = new Hono<AppEnv>().use(requireAuth).post("/retrieval", async (c) => {
  try {
    return c.json({ records: await difyRecords(serviceContext(c), await readInput(c)) });
  } catch (error) {
    if (error instanceof AppError) return difyError(c, error);
    throw error;
  }
});
