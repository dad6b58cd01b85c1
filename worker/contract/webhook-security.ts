import * as v from "valibot";
import { isIpRule } from "./ip-rules";
import { msg, oneOf } from "./pydantic";

// RAGFlow v0.27's webhook Begin `security`, as its route reads it; the same rules check a saved flow and a call.
export const WEBHOOK_AUTH_TYPES = ["token", "api_key", "basic", "jwt", "none"] as const;
// the algorithms RAGFlow's editor offers (it writes them in lower case); HS* take a shared secret, the others a
// PEM public key in `secret` (as PyJWT does); "NONE" is offered but never verifies
export const WEBHOOK_JWT_ALGORITHMS = [
  "HS256",
  "HS384",
  "HS512",
  "RS256",
  "RS384",
  "RS512",
  "ES256",
  "ES384",
  "ES512",
  "PS256",
  "PS384",
  "PS512",
  "NONE",
] as const;
export const RATE_LIMIT_PERIODS = ["second", "minute", "hour", "day"] as const;
export type RateLimitPeriod = (typeof RATE_LIMIT_PERIODS)[number];
export const RATE_LIMIT_SECONDS: Record<RateLimitPeriod, number> = { second: 1, minute: 60, hour: 3600, day: 86400 };
// RAGFlow's defaults when a flow sets none: 60 calls a minute, bodies up to 10 MB (also the most allowed)
export const DEFAULT_RATE_LIMIT = { limit: 60, per: "minute" as RateLimitPeriod };
export const DEFAULT_MAX_BODY_SIZE = "10MB";
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
// claims PyJWT checks itself; RAGFlow refuses them in required_claims
export const RESERVED_JWT_CLAIMS = ["exp", "sub", "aud", "iss", "nbf", "iat"];

const BODY_SIZE_UNITS = { kb: 1024, mb: 1024 ** 2 } as const;

// "512KB" / "2mb" → bytes, or RAGFlow's refusal of the setting.
export const bodySizeLimit = (setting: unknown): { bytes: number } | { problem: string } => {
  const size = String(setting || DEFAULT_MAX_BODY_SIZE)
    .trim()
    .toLowerCase();
  const match = /^(\d+)(kb|mb)$/.exec(size);
  if (!match) return { problem: "Invalid max_body_size format" };
  const bytes = Number(match[1]) * BODY_SIZE_UNITS[match[2] as keyof typeof BODY_SIZE_UNITS];
  if (bytes > MAX_BODY_BYTES) return { problem: "max_body_size exceeds maximum allowed size (10MB)" };
  return { bytes };
};

const text = v.string(msg.string);
const optionalText = v.optional(text);
const entry = <E extends v.ObjectEntries>(entries: E) => v.optional(v.looseObject(entries, msg.dict));
const problemOf =
  <T>(problem: (value: T) => string | null) =>
  (issue: v.BaseIssue<unknown>) =>
    problem(issue.input as T) ?? "";

const RequiredClaimsSchema = v.pipe(
  v.union([text, v.array(text, msg.list)], "Input should be a claim name or a list of claim names"),
  v.check(
    (claims) => [claims].flat().every((claim) => !RESERVED_JWT_CLAIMS.includes(claim)),
    problemOf<string | string[]>(
      (claims) =>
        `Reserved JWT claim cannot be required: ${[claims].flat().find((claim) => RESERVED_JWT_CLAIMS.includes(claim))}`,
    ),
  ),
);

export const WebhookSecuritySchema = v.looseObject(
  {
    auth_type: v.optional(oneOf(WEBHOOK_AUTH_TYPES)),
    allow_anonymous: v.optional(v.union([v.boolean(), text, v.number()], msg.boolean)),
    token: entry({ token_header: optionalText, token_value: optionalText }),
    basic_auth: entry({ username: optionalText, password: optionalText }),
    jwt: entry({
      secret: optionalText,
      algorithm: v.optional(
        v.pipe(
          text,
          v.check(
            (alg) => (WEBHOOK_JWT_ALGORITHMS as readonly string[]).includes(alg.toUpperCase()),
            msg.oneOf(WEBHOOK_JWT_ALGORITHMS),
          ),
        ),
      ),
      audience: optionalText,
      issuer: optionalText,
      required_claims: v.optional(RequiredClaimsSchema),
    }),
    ip_whitelist: v.optional(
      v.array(
        v.pipe(
          text,
          // RAGFlow's editor may save an empty row; it allows no one and is left out here
          v.check(
            (rule) => rule.trim() === "" || isIpRule(rule),
            problemOf<string>((rule) => `Invalid IP address or CIDR range: ${rule}`),
          ),
        ),
        msg.list,
      ),
    ),
    rate_limit: entry({
      limit: v.optional(
        v.pipe(v.number(msg.integer), v.integer(msg.integer), v.minValue(1, "rate_limit.limit must be > 0")),
      ),
      per: v.optional(
        v.pipe(
          text,
          v.check(
            (per) => (RATE_LIMIT_PERIODS as readonly string[]).includes(per),
            problemOf<string>((per) => `Invalid rate_limit.per: ${per}`),
          ),
        ),
      ),
    }),
    max_body_size: v.optional(
      v.pipe(
        text,
        v.check(
          (size) => "bytes" in bodySizeLimit(size),
          problemOf<string>((size) => {
            const limit = bodySizeLimit(size);
            return "problem" in limit ? limit.problem : null;
          }),
        ),
      ),
    ),
  },
  msg.dict,
);

// Begin's params: only a webhook's `security` has rules; the rest stays free-form.
export const BeginParamsSchema = v.looseObject({ security: v.optional(WebhookSecuritySchema) }, msg.dict);
