import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { usageSummary } from "../services/usage/summary";

// /usage: the team's usage against the configured Cloudflare plan (docs/usage-and-plan.md).
export const usageRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => ok(c, await usageSummary(serviceContext(c))));
