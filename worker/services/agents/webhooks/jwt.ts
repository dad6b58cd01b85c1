import { RESERVED_JWT_CLAIMS } from "../../../contract/webhook-security";
import { nowMs } from "../../../lib/time";
import type { WebhookJwt } from "./config";
import { jwtVerifier } from "./jwt-keys";

// A bearer JWT checked as RAGFlow's webhook checks it with PyJWT: the configured algorithm only, then
// iat/nbf/exp when present, iss and aud when configured, and the required claims. Problems use PyJWT's words.
export class JwtProblem extends Error {}

const fromBase64Url = (segment: string) => {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error("not base64url");
  const padded = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
};

const jsonSegment = (segment: string, problem: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(new TextDecoder().decode(fromBase64Url(segment)));
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new JwtProblem(problem);
};

const numericClaim = (claims: Record<string, unknown>, name: string, label: string) => {
  const value = claims[name];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new JwtProblem(`${label} must be an integer.`);
  return value;
};

const checkTimes = (claims: Record<string, unknown>) => {
  const now = nowMs() / 1000;
  if ("iat" in claims && numericClaim(claims, "iat", "Issued At claim (iat)") > now)
    throw new JwtProblem("The token is not yet valid (iat)");
  if ("nbf" in claims && numericClaim(claims, "nbf", "Not Before claim (nbf)") > now)
    throw new JwtProblem("The token is not yet valid (nbf)");
  if ("exp" in claims && numericClaim(claims, "exp", "Expiration Time claim (exp)") <= now)
    throw new JwtProblem("Signature has expired");
};

const checkIssuerAndAudience = (claims: Record<string, unknown>, config: WebhookJwt) => {
  if (config.issuer) {
    if (!("iss" in claims)) throw new JwtProblem('Token is missing the "iss" claim');
    if (claims.iss !== config.issuer) throw new JwtProblem("Invalid issuer");
  }
  if (config.audience) {
    if (!("aud" in claims)) throw new JwtProblem('Token is missing the "aud" claim');
    const audiences = typeof claims.aud === "string" ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : null;
    if (!audiences) throw new JwtProblem("Invalid claim format in token");
    if (!audiences.includes(config.audience)) throw new JwtProblem("Audience doesn't match");
  }
};

export const verifyJwt = async (token: string, config: WebhookJwt): Promise<Record<string, unknown>> => {
  const parts = token.split(".");
  if (parts.length !== 3) throw new JwtProblem("Not enough segments");
  const [headerPart = "", payloadPart = "", signaturePart = ""] = parts;
  const header = jsonSegment(headerPart, "Invalid header string");
  if (header.alg !== config.algorithm) throw new JwtProblem("The specified alg value is not allowed");
  let verifier: Awaited<ReturnType<typeof jwtVerifier>>;
  try {
    verifier = await jwtVerifier(config.algorithm, config.secret);
  } catch {
    throw new JwtProblem("Could not deserialize key data.");
  }
  if (!verifier) throw new JwtProblem("The specified alg value is not allowed");
  let signature: Uint8Array;
  try {
    signature = fromBase64Url(signaturePart);
  } catch {
    throw new JwtProblem("Invalid crypto padding");
  }
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
  if (!(await crypto.subtle.verify(verifier.params, verifier.key, signature as BufferSource, signed)))
    throw new JwtProblem("Signature verification failed");
  const claims = jsonSegment(payloadPart, "Invalid payload string");
  checkTimes(claims);
  checkIssuerAndAudience(claims, config);
  return claims;
};

// RAGFlow's own checks around PyJWT: the required claims, none of them one PyJWT checks itself.
export const missingRequiredClaim = (claims: Record<string, unknown>, required: string[]) => {
  const reserved = required.find((claim) => RESERVED_JWT_CLAIMS.includes(claim));
  if (reserved) return `Reserved JWT claim cannot be required: ${reserved}`;
  const missing = required.find((claim) => !(claim in claims));
  return missing ? `Missing JWT claim: ${missing}` : null;
};
