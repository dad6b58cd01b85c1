import { MAX_ALLOWED_ORIGINS } from "../../../worker/contract/share";

// The server's rule (worker/contract/share.ts): scheme and host (and port), nothing after it.
const ORIGIN = /^https?:\/\/[^/\s?#]+$/;

const originOf = (candidate: string) => {
  try {
    return new URL(candidate).origin;
  } catch {
    return null;
  }
};

export type OriginsCheck = { origins: string[]; invalid: string[]; tooMany: boolean };

// One origin per line. A trailing slash is forgiven; each origin is written as browsers send it
// (lower-case host, no default port) so the server's exact comparison matches.
export const checkAllowedOrigins = (text: string): OriginsCheck => {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const line of lines) {
    const candidate = line.replace(/\/$/, "");
    const origin = ORIGIN.test(candidate) ? originOf(candidate) : null;
    if (!origin || origin === "null") invalid.push(line);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid, tooMany: origins.length > MAX_ALLOWED_ORIGINS };
};
