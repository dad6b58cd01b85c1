// Outbound fetches (crawler, invoke component) must not reach the platform's own network.
const PRIVATE_V4 = [
  /^0\./, /^10\./, /^127\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

const isPrivateHost = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local")) return true;
  if (PRIVATE_V4.some((range) => range.test(host))) return true;
  if (host.includes(":")) return host === "::1" || host === "::" || /^f[cd]/.test(host) || host.startsWith("fe80:") || host.startsWith("::ffff:");
  return false;
};

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const checkOutboundUrl = (raw: string, allowPrivate: boolean): UrlCheck => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `Invalid URL: ${raw}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: "Only http and https URLs can be fetched." };
  }
  if (!allowPrivate && isPrivateHost(url.hostname)) {
    return { ok: false, reason: `Refusing to fetch a private or loopback address: ${url.hostname}` };
  }
  return { ok: true, url };
};
