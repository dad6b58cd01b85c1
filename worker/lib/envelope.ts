import type { Context } from "hono";
import { RetCode } from "./errors";

// Success envelope: {code: 0, message, data} with HTTP 200; some RAGFlow lists add top-level keys such as
// `total_datasets` beside `data`.
export const ok = <T>(c: Context, data: T, message = "success", extra?: Record<string, unknown>): Response =>
  c.json({ code: 0 as const, message, data, ...extra }, 200);

// A request that ran but whose outcome is "no" (RAGFlow's code 10), with the data that says why.
export const notEffective = <T>(c: Context, data: T, message: string): Response =>
  c.json({ code: RetCode.NOT_EFFECTIVE, message, data }, 200);
