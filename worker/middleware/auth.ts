import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { API_TOKEN_PREFIX } from "../contract/limits";
import type { AppEnv } from "../env";
import { unauthorized } from "../lib/errors";
import { findLiveSession } from "../services/auth/sessions";
import type { Actor } from "../services/context";
import { findApiToken } from "../services/tokens/api-tokens";
import { depsOf } from "./deps";

// The Authorization header carries a session token or an API key, raw or as "Bearer …";
// share links put the same value in the `auth` query parameter.
export const credentialOf = (c: Context<AppEnv>): string | null => {
  const raw = c.req.header("Authorization") ?? c.req.query("auth") ?? "";
  const value = raw.replace(/^Bearer\s+/i, "").trim();
  return value || null;
};

const resolveActor = async (c: Context<AppEnv>, credential: string): Promise<Actor | null> => {
  const deps = depsOf(c);
  if (credential.startsWith(API_TOKEN_PREFIX)) {
    const key = await findApiToken(deps, credential);
    return key ? { userId: key.createdBy, tenantId: key.tenantId, via: "api_key", sessionId: null } : null;
  }
  const session = await findLiveSession(deps, credential);
  return session
    ? { userId: session.userId, tenantId: session.userId, via: "session", sessionId: session.id }
    : null;
};

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const credential = credentialOf(c);
  const actor = credential ? await resolveActor(c, credential) : null;
  if (!actor) throw unauthorized();
  c.set("actor", actor);
  await next();
});
