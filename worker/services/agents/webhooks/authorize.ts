import { ipAllowed } from "../../../contract/ip-rules";
import { bodySizeLimit, RATE_LIMIT_SECONDS, type RateLimitPeriod } from "../../../contract/webhook-security";
import { constantTimeEqual } from "../../../lib/crypto";
import type { Deps } from "../../context";
import { findApiToken } from "../../tokens/api-tokens";
import type { WebhookConfig } from "./config";
import { JwtProblem, missingRequiredClaim, verifyJwt } from "./jwt";
import { countWebhookCall } from "./rate-limit";

// RAGFlow answers every refusal with 400; Buddy keeps its words but says with the status what went wrong.
export class WebhookRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 405 | 413 | 429,
  ) {
    super(message);
  }
}

export type WebhookCaller = {
  method: string;
  headers: Headers;
  // the body's size: the declared Content-Length, or what was read when larger
  bodyBytes: number;
};

const bearer = (headers: Headers) => (headers.get("Authorization") ?? "").replace(/^Bearer\s+/i, "").trim();

const basicCredentials = (headers: Headers) => {
  const raw = headers.get("Authorization") ?? "";
  if (!/^Basic\s+/i.test(raw)) return null;
  try {
    const decoded = atob(raw.replace(/^Basic\s+/i, "").trim());
    const colon = decoded.indexOf(":");
    return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  } catch {
    return null;
  }
};

export const checkBodySize = (config: WebhookConfig, bodyBytes: number) => {
  const limit = bodySizeLimit(config.maxBodySize);
  if ("problem" in limit) throw new WebhookRefusal(limit.problem, 400);
  if (bodyBytes > limit.bytes) throw new WebhookRefusal(`Request body too large: ${bodyBytes} > ${limit.bytes}`, 413);
};

// Cloudflare sets CF-Connecting-IP to the caller's address (and overwrites one the caller sends).
const checkIpAllowList = (config: WebhookConfig, headers: Headers) => {
  if (config.ipAllowList.length === 0) return;
  const ip = headers.get("CF-Connecting-IP")?.trim() || "unknown";
  if (!ipAllowed(ip, config.ipAllowList)) throw new WebhookRefusal(`IP ${ip} is not allowed by whitelist`, 403);
};

const checkRateLimit = async (deps: Deps, config: WebhookConfig, agentId: string) => {
  const { limit, per } = config.rateLimit;
  if (!Number.isInteger(limit) || limit <= 0) throw new WebhookRefusal("rate_limit.limit must be > 0", 400);
  if (!(per in RATE_LIMIT_SECONDS)) throw new WebhookRefusal(`Invalid rate_limit.per: ${per}`, 400);
  if (!(await countWebhookCall(deps, agentId, limit, per as RateLimitPeriod)))
    throw new WebhookRefusal("Rate limit error: Too many requests (rate limit exceeded)", 429);
};

const checkJwt = async (config: WebhookConfig, headers: Headers) => {
  if (!config.jwt.secret) throw new WebhookRefusal("JWT secret not configured", 400);
  const header = headers.get("Authorization") ?? "";
  if (!header.startsWith("Bearer ")) throw new WebhookRefusal("Missing Bearer token", 401);
  const token = header.slice("Bearer ".length).trim();
  if (!token) throw new WebhookRefusal("Empty Bearer token", 401);
  let claims: Record<string, unknown>;
  try {
    claims = await verifyJwt(token, config.jwt);
  } catch (error) {
    if (error instanceof JwtProblem) throw new WebhookRefusal(`Invalid JWT: ${error.message}`, 401);
    throw error;
  }
  const problem = missingRequiredClaim(claims, config.jwt.requiredClaims);
  if (problem) throw new WebhookRefusal(problem, problem.startsWith("Reserved") ? 400 : 401);
};

const checkCaller = async (deps: Deps, config: WebhookConfig, headers: Headers, tenantId: string) => {
  switch (config.authType) {
    case "none":
      if (!config.allowAnonymous)
        throw new WebhookRefusal("Anonymous webhook access requires allow_anonymous to be true", 401);
      return;
    case "token": {
      const given = headers.get(config.token.header) ?? "";
      if (!config.token.value || !constantTimeEqual(given, config.token.value))
        throw new WebhookRefusal("Invalid token authentication", 401);
      return;
    }
    case "basic": {
      const given = basicCredentials(headers);
      if (
        !given ||
        !config.basic.password ||
        given.username !== config.basic.username ||
        !constantTimeEqual(given.password, config.basic.password)
      )
        throw new WebhookRefusal("Invalid Basic Auth credentials", 401);
      return;
    }
    case "jwt":
      return checkJwt(config, headers);
    case "api_key": {
      const key = bearer(headers);
      const found = key ? await findApiToken(deps, key) : undefined;
      if (!found || found.tenantId !== tenantId) throw new WebhookRefusal("Invalid API key", 401);
      return;
    }
    default:
      throw new WebhookRefusal(`Unsupported auth_type: ${config.authType}`, 400);
  }
};

// RAGFlow's checks in its order, with its messages: the method, the body's size, the caller's address, the
// flow's rate limit, then the caller's proof. A test call (signed in as someone who may edit the flow) has
// proven itself already: only the method and the body's size apply.
export const authorizeWebhook = async (
  deps: Deps,
  config: WebhookConfig,
  caller: WebhookCaller,
  flow: { agentId: string; tenantId: string; test: boolean },
) => {
  const method = caller.method.toUpperCase();
  if (config.methods.length > 0 && !config.methods.includes(method))
    throw new WebhookRefusal(`HTTP method '${method}' not allowed for this webhook.`, 405);
  checkBodySize(config, caller.bodyBytes);
  if (flow.test) return;
  checkIpAllowList(config, caller.headers);
  await checkRateLimit(deps, config, flow.agentId);
  await checkCaller(deps, config, caller.headers, flow.tenantId);
};
