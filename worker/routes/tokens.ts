import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { createApiToken, deleteApiToken, listApiTokens } from "../services/tokens/api-tokens";

export const tokenRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", async (c) => ok(c, await createApiToken(serviceContext(c))))
  .get("/", async (c) => ok(c, await listApiTokens(serviceContext(c))))
  .delete("/:token", async (c) => ok(c, await deleteApiToken(serviceContext(c), c.req.param("token"))));
