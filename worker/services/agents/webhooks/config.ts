import type { Dsl } from "../../../contract/agents";
import { DEFAULT_RATE_LIMIT } from "../../../contract/webhook-security";

// RAGFlow v0.27's Begin "Webhook" mode, as Buddy reads it: which methods may call, how a caller proves itself
// ("token": a secret in a header; "basic"; "jwt": a signed bearer token; "api_key": an API key of the flow's team;
// "none" only with allow_anonymous), from where (ip_whitelist), how often (rate_limit), how large a body may be,
// and whether the caller waits for the run ("Streaming") or is answered at once ("Immediately").
export type WebhookAuthType = "none" | "token" | "basic" | "jwt" | "api_key";
export type WebhookJwt = {
  secret: string;
  algorithm: string;
  audience: string;
  issuer: string;
  requiredClaims: string[];
};
export type WebhookConfig = {
  methods: string[];
  authType: WebhookAuthType | string;
  allowAnonymous: boolean;
  token: { header: string; value: string };
  basic: { username: string; password: string };
  jwt: WebhookJwt;
  ipAllowList: string[];
  rateLimit: { limit: number; per: string };
  maxBodySize: string;
  executionMode: "Immediately" | "Streaming";
  response: { status: unknown; bodyTemplate: string };
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === "string" ? value : "");
const strings = (value: unknown) =>
  (typeof value === "string" ? [value] : Array.isArray(value) ? value : []).filter(
    (item): item is string => typeof item === "string" && item.trim() !== "",
  );

export const webhookBegin = (dsl: Dsl) =>
  Object.values(dsl.components).find(
    (component) => component.obj.component_name === "Begin" && component.obj.params.mode === "Webhook",
  );

export const webhookConfig = (dsl: Dsl): WebhookConfig | null => {
  const begin = webhookBegin(dsl);
  if (!begin) return null;
  const params = begin.obj.params;
  const security = record(params.security);
  const token = record(security.token);
  const basic = record(security.basic_auth);
  const jwt = record(security.jwt);
  const rate = record(security.rate_limit);
  const response = record(params.response);
  const methods = Array.isArray(params.methods) ? params.methods.map((m) => String(m).toUpperCase()) : [];
  return {
    methods,
    authType: str(security.auth_type) || "none",
    allowAnonymous: [true, "true", 1, "1"].includes(security.allow_anonymous as never),
    token: { header: str(token.token_header) || "X-Webhook-Secret", value: str(token.token_value) },
    basic: { username: str(basic.username), password: str(basic.password) },
    jwt: {
      secret: str(jwt.secret),
      algorithm: (str(jwt.algorithm) || "HS256").toUpperCase(),
      audience: str(jwt.audience),
      issuer: str(jwt.issuer),
      requiredClaims: strings(jwt.required_claims),
    },
    ipAllowList: strings(security.ip_whitelist),
    rateLimit: {
      limit: rate.limit === undefined || rate.limit === "" ? DEFAULT_RATE_LIMIT.limit : Math.trunc(Number(rate.limit)),
      per: str(rate.per) || DEFAULT_RATE_LIMIT.per,
    },
    maxBodySize: str(security.max_body_size),
    executionMode: params.execution_mode === "Streaming" ? "Streaming" : "Immediately",
    response: { status: response.status ?? 200, bodyTemplate: str(response.body_template) },
  };
};
