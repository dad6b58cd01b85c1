import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { JSON_BODY_MAX_BYTES } from "../contract/limits";
import type { AppEnv } from "../env";
import { payloadTooLarge } from "../lib/errors";

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw payloadTooLarge(`Request body is larger than ${JSON_BODY_MAX_BYTES / 1024 / 1024} MB.`);
  },
});

// Multipart uploads are limited per file by the upload routes; everything else gets the JSON limit.
export const limitBody = createMiddleware<AppEnv>(async (c, next) => {
  const contentType = c.req.header("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) return next();
  return jsonLimit(c, next);
});
