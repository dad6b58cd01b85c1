import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { API_TOKEN_PREFIX } from "../contract/limits";
import type { AppEnv } from "../env";
import { notTeamMember, permissionError, unauthorized } from "../lib/errors";
import { findLiveSession } from "../services/auth/sessions";
import type { Actor } from "../services/context";
import { canManageTeam, roleIn } from "../services/teams/membership";
import { findApiToken } from "../services/tokens/api-tokens";
import { depsOf } from "./deps";

// The Authorization header carries a session token or an API key, raw or as "Bearer …";
// share links put the same value in the `auth` query parameter.
export const credentialOf = (c: Context<AppEnv>): string | null => {
  const raw = c.req.header("Authorization") ?? c.req.query("auth") ?? "";
  const value = raw.replace(/^Bearer\s+/i, "").trim();
  return value || null;
};

export const TEAM_HEADER = "X-Tenant-Id";

// An API key works in the team it was made in, as long as its maker is still a member there. A session
// works in the user's own team, or in a joined team named by the X-Tenant-Id header.
const resolveActor = async (c: Context<AppEnv>, credential: string): Promise<Actor | null> => {
  const deps = depsOf(c);
  if (credential.startsWith(API_TOKEN_PREFIX)) {
    const key = await findApiToken(deps, credential);
    const role = key ? await roleIn(deps, key.createdBy, key.tenantId) : null;
    return key && role
      ? { userId: key.createdBy, tenantId: key.tenantId, role, via: "api_key", sessionId: null }
      : null;
  }
  const session = await findLiveSession(deps, credential);
  if (!session) return null;
  const tenantId = c.req.header(TEAM_HEADER)?.trim() || session.userId;
  const role = tenantId === session.userId ? "owner" : await roleIn(deps, session.userId, tenantId);
  if (!role) throw notTeamMember();
  return { userId: session.userId, tenantId, role, via: "session", sessionId: session.id };
};

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const credential = credentialOf(c);
  const actor = credential ? await resolveActor(c, credential) : null;
  if (!actor) throw unauthorized();
  c.set("actor", actor);
  await next();
});

// Changes to what the whole team shares (model providers, default models): owners and admins only.
export const requireTeamManager = createMiddleware<AppEnv>(async (c, next) => {
  if (!canManageTeam(c.get("actor").role)) throw permissionError("Only the team's owner or an admin can change this.");
  await next();
});
