import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";
import { messageCodeOf } from "../contract/message-catalogue";
import { AppError, RetCode } from "../lib/errors";
import { ProviderError } from "../platform/providers/types";
import { MALFORMED_JSON } from "./validate";

// Like RAGFlow's get_error_data_result, an error carries no `data`: its SDK's Document.download() tells an error
// from file bytes by the keys being exactly code and message. The 401 answer keeps RAGFlow's `data: null`; a bulk
// request that failed in part says what it did (RAGFlow's file delete does the same).
// A message of the catalogue also carries its `message_code` and `message_params` (the web app shows it translated).
const envelope = (c: Context<AppEnv>, code: number, message: string, status: AppError["status"], data?: unknown) => {
  const coded = messageCodeOf(message);
  const catalogued = coded ? { message_code: coded.code, message_params: coded.params } : {};
  if (data !== undefined) return c.json({ code, message, data, ...catalogued }, status);
  return c.json(status === 401 ? { code, message, data: null } : { code, message, ...catalogued }, status);
};

export const handleError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) return envelope(c, err.code, err.message, err.status, err.data);
  if (err instanceof HTTPException) {
    if (err.status === 400) return envelope(c, RetCode.ARGUMENT_ERROR, MALFORMED_JSON, 200);
    if (err.status === 413) return envelope(c, RetCode.PAYLOAD_TOO_LARGE, err.message, 413);
    return envelope(c, err.status, err.message, err.status === 401 ? 401 : 500);
  }
  // a model provider that failed (unreachable, timed out, refused): RAGFlow's exception answer, code 100 with the
  // reason, not a 500 of Buddy's own
  if (err instanceof ProviderError) return envelope(c, RetCode.EXCEPTION_ERROR, err.message, 200);
  console.error(`request ${c.var.requestId ?? "-"} failed`, err);
  return envelope(c, RetCode.EXCEPTION_ERROR, `Internal server error (request ${c.var.requestId ?? "-"})`, 500);
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  c.json({ code: RetCode.NOT_FOUND, message: `Not Found: ${c.req.path}`, data: null, error: "Not Found" }, 404);
