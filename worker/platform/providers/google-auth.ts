import { base64ToBytes, bytesToBase64 } from "../../lib/bytes";
import { nowSeconds } from "../../lib/time";
import type { ServiceAccountKey } from "../../contract/provider-credentials";
import { post } from "./http";
import { ProviderError } from "./types";

// OAuth access tokens for a Google service account (RFC 7523 JWT bearer grant), as Vertex AI needs them.
const SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const ASSERTION_LIFETIME_S = 3600;
const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;

const base64Url = (bytes: Uint8Array) =>
  bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const base64UrlJson = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)));

const importPrivateKey = async (pem: string) => {
  const der = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, "");
  try {
    return await crypto.subtle.importKey(
      "pkcs8",
      base64ToBytes(der) as BufferSource,
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["sign"],
    );
  } catch {
    throw new ProviderError(0, "The service account key's private_key is not a PEM-encoded RSA private key.");
  }
};

// The RS256-signed JWT the service account presents at its token_uri.
export const serviceAccountAssertion = async (key: ServiceAccountKey, nowS = nowSeconds()) => {
  const header = { alg: "RS256", typ: "JWT", ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  const claims = {
    iss: key.client_email,
    scope: SCOPE,
    aud: key.token_uri,
    iat: nowS,
    exp: nowS + ASSERTION_LIFETIME_S,
  };
  const unsigned = `${base64UrlJson(header)}.${base64UrlJson(claims)}`;
  const signature = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    await importPrivateKey(key.private_key),
    new TextEncoder().encode(unsigned),
  );
  return `${unsigned}.${base64Url(new Uint8Array(signature))}`;
};

const exchange = async (key: ServiceAccountKey, timeoutMs?: number) => {
  const form = new URLSearchParams({
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion: await serviceAccountAssertion(key),
  });
  let response: Response;
  try {
    response = await post({ baseUrl: key.token_uri, model: "", timeoutMs }, "", form.toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
  } catch (error) {
    if (error instanceof ProviderError)
      throw new ProviderError(error.status, `Google token exchange failed: ${error.message}`);
    throw error;
  }
  const json = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!json.access_token) throw new ProviderError(0, "Google token exchange failed: the answer has no access_token.");
  return { token: json.access_token, expiresInS: json.expires_in ?? ASSERTION_LIFETIME_S };
};

// Per isolate. Only settled tokens are kept: a pending exchange belongs to the request that started it.
const tokens = new Map<string, { token: string; refreshAt: number }>();

export const googleAccessToken = async (key: ServiceAccountKey, timeoutMs?: number) => {
  const cacheKey = `${key.token_uri}|${key.client_email}|${key.private_key_id ?? ""}`;
  const cached = tokens.get(cacheKey);
  if (cached && Date.now() < cached.refreshAt) return cached.token;
  const { token, expiresInS } = await exchange(key, timeoutMs);
  tokens.set(cacheKey, { token, refreshAt: Date.now() + Math.max(0, expiresInS * 1000 - REFRESH_BEFORE_EXPIRY_MS) });
  return token;
};
