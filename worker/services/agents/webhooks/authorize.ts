import { constantTimeEqual } from "../../../lib/crypto";
import type { Deps } from "../../context";
import { findApiToken } from "../../tokens/api-tokens";
import type { WebhookConfig } from "./config";

export class WebhookRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 405,
  ) {
    super(message);
  }
}

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

// RAGFlow's checks, with its messages: the method, then the caller's proof.
export const authorizeWebhook = async (
  deps: Deps,
  config: WebhookConfig,
  request: { method: string; headers: Headers },
  tenantId: string,
) => {
  const method = request.method.toUpperCase();
  if (config.methods.length > 0 && !config.methods.includes(method))
    throw new WebhookRefusal(`HTTP method '${method}' not allowed for this webhook.`, 405);
  switch (config.authType) {
    case "none":
      if (!config.allowAnonymous)
        throw new WebhookRefusal("Anonymous webhook access requires allow_anonymous to be true", 401);
      return;
    case "token": {
      const given = request.headers.get(config.token.header) ?? "";
      if (!config.token.value || !constantTimeEqual(given, config.token.value))
        throw new WebhookRefusal("Invalid token authentication", 401);
      return;
    }
    case "basic": {
      const given = basicCredentials(request.headers);
      if (
        !given ||
        !config.basic.password ||
        given.username !== config.basic.username ||
        !constantTimeEqual(given.password, config.basic.password)
      )
        throw new WebhookRefusal("Invalid Basic Auth credentials", 401);
      return;
    }
    case "api_key": {
      const key = bearer(request.headers);
      const found = key ? await findApiToken(deps, key) : undefined;
      if (!found || found.tenantId !== tenantId) throw new WebhookRefusal("Invalid API key", 401);
      return;
    }
    default:
      throw new WebhookRefusal(`Unsupported auth_type: ${config.authType}`, 400);
  }
};
