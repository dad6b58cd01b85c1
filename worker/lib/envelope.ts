import type { Context } from "hono";

// Success envelope: {code: 0, message, data} with HTTP 200 (api-contract §1.1).
export const ok = <T>(c: Context, data: T, message = "success"): Response =>
  c.json({ code: 0 as const, message, data }, 200);
