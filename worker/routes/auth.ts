import { Hono } from "hono";
import { LoginSchema } from "../contract/users";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { onHomeShard } from "../middleware/shard";
import { depsOf } from "../middleware/deps";
import { jsonBody } from "../middleware/validate";
import { login } from "../services/auth/login";
import { revokeSession } from "../services/auth/sessions";
import { toUserProfile } from "../services/users/serialize";
import { clientAddress } from "./client-address";

export const authRoutes = new Hono<AppEnv>()
  .post("/login", jsonBody(LoginSchema), async (c) => {
    const input = c.req.valid("json");
    await onHomeShard(c, input.email);
    const { user, token } = await login(depsOf(c), input, clientAddress(c));
    c.header("Authorization", token);
    c.header("Access-Control-Expose-Headers", "Authorization");
    return ok(c, { ...toUserProfile(user), access_token: token }, "Welcome back!");
  })
  .on(["POST", "GET"], "/logout", requireAuth, async (c) => {
    const { sessionId } = c.var.actor;
    if (sessionId) await revokeSession(depsOf(c), sessionId);
    return ok(c, true);
  });
