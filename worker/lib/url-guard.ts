// Outbound fetches (crawler, invoke component) must not reach the platform's own network. Hosts arrive as the
// WHATWG URL parser writes them: IPv4 in dotted decimal (whatever form was typed), IPv6 compressed and bracketed.
// Names are not resolved (Workers cannot): a public name pointing at a private address is not caught here.
const PRIVATE_V4 = [
  /^0\./,
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  // IETF protocol assignments, benchmarking, multicast and reserved (240/4 includes broadcast)
  /^192\.0\.0\./,
  /^198\.1[89]\./,
  /^(22[4-9]|2[3-5]\d)\./,
];

// ::/96 (unspecified, loopback, IPv4-compatible), ::ffff:0:0/96 (IPv4-mapped), 64:ff9b::/96 (NAT64), 2002::/16
// (6to4) embed an IPv4 address; fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast.
const PRIVATE_V6 = [/^::/, /^64:ff9b:/, /^2002:/, /^f[c-f]/];

const isPrivateHost = (hostname: string) => {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.+$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local"))
    return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) && PRIVATE_V4.some((range) => range.test(host))) return true;
  if (host.includes(":")) return PRIVATE_V6.some((range) => range.test(host));
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
