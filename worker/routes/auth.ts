import { Hono } from "hono";
import { LoginSchema } from "../contract/users";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { depsOf } from "../middleware/deps";
import { jsonBody } from "../middleware/validate";
import { login } from "../services/auth/login";
import { revokeSession } from "../services/auth/sessions";
import { toUserProfile } from "../services/users/serialize";

const clientIp = (header: string | undefined) => header?.split(",")[0]?.trim() || "unknown";

export const authRoutes = new Hono<AppEnv>()
  .post("/login", jsonBody(LoginSchema), async (c) => {
    const ip = clientIp(c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For"));
    const { user, token } = await login(depsOf(c), c.req.valid("json"), ip);
    c.header("Authorization", token);
    c.header("Access-Control-Expose-Headers", "Authorization");
    return ok(c, { ...toUserProfile(user), access_token: token }, "Welcome back!");
  })
  .on(["POST", "GET"], "/logout", requireAuth, async (c) => {
    const { sessionId } = c.var.actor;
    if (sessionId) await revokeSession(depsOf(c), sessionId);
    return ok(c, true);
  });
