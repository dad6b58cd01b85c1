// Outbound fetches (crawler, invoke component, providers, S3) must not reach the platform's own network. Hosts
// arrive as the WHATWG URL parser writes them: IPv4 in dotted decimal (whatever form was typed), IPv6 compressed
// and bracketed. Names are not resolved here (Workers cannot); what each runtime does with a name that resolves
// to a private address is in docs/security.md, "Outbound calls". Names that spell out their address (nip.io,
// sslip.io and the like) are judged by that address.
const PRIVATE_V4 = [
  /^0\./,
  /^10\./,
  /^127\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  // IETF protocol assignments, benchmarking, multicast and reserved (240/4 includes broadcast)
  /^192\.0\.0\./,
  /^198\.1[89]\./,
  /^(22[4-9]|2[3-5]\d)\./,
];

// fc00::/7 unique local, fec0::/10 site-local, ff00::/8 multicast (fe80::/10 link-local is judged apart).
const PRIVATE_V6 = /^f[c-f]/;

// Names that lead into the local network by convention (RFC 6761, 6762, 8375) or on cloud platforms (.internal).
const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".localdomain", ".lan"];

type Reach = "public" | "private" | "link-local";

const reachOfV4 = (address: string): Reach => {
  if (address.startsWith("169.254.")) return "link-local";
  return PRIVATE_V4.some((range) => range.test(address)) ? "private" : "public";
};

const v4FromGroups = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

type Groups = [number, number, number, number, number, number, number, number];

const hexGroups = (text: string) => (text ? text.split(":").map((group) => Number.parseInt(group, 16)) : []);

// The eight 16-bit groups of a compressed IPv6 address, or null when it is not one.
const v6Groups = (address: string): Groups | null => {
  const [head = "", tail, ...rest] = address.split("::");
  if (rest.length > 0) return null;
  const front = hexGroups(head);
  const back = tail === undefined ? [] : hexGroups(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? (groups as Groups) : null;
};

const reachOfV6 = (address: string): Reach => {
  const g = v6Groups(address);
  if (!g) return "private";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  // ::/96 (unspecified, loopback, IPv4-compatible), ::ffff:0:0/96 (IPv4-mapped) and 64:ff9b::/96 (NAT64) end in
  // an IPv4 address, 2002::/16 (6to4) carries one after its prefix: judged by that address
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && (g[5] === 0 || g[5] === 0xffff)) {
    const embedded = reachOfV4(v4FromGroups(g[6], g[7]));
    return embedded === "public" ? "private" : embedded;
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) {
    const embedded = reachOfV4(v4FromGroups(g[6], g[7]));
    return embedded === "public" ? "private" : embedded;
  }
  if (g[0] === 0x2002) {
    const embedded = reachOfV4(v4FromGroups(g[1], g[2]));
    return embedded === "public" ? "private" : embedded;
  }
  return PRIVATE_V6.test(address) ? "private" : "public";
};

const isV4 = (host: string) => /^\d+\.\d+\.\d+\.\d+$/.test(host);

const farthest = (reaches: Reach[]): Reach =>
  reaches.includes("link-local") ? "link-local" : reaches.includes("private") ? "private" : "public";

// Addresses a name spells out: four numbers in a row (127.0.0.1.nip.io, app-10-0-0-1.sslip.io), eight hex
// digits (magic-7f000001.nip.io) or an IPv6 address written with dashes (--1.sslip.io is ::1).
const addressesInName = (host: string) => {
  const found: string[] = [];
  const tokens = host.split(/[.-]/);
  for (let i = 0; i + 4 <= tokens.length; i++) {
    const quad = tokens.slice(i, i + 4);
    if (quad.every((token) => /^\d{1,3}$/.test(token) && Number(token) <= 255)) found.push(quad.map(Number).join("."));
  }
  for (const token of tokens) {
    if (/^[0-9a-f]{8}$/.test(token)) {
      found.push(v4FromGroups(Number.parseInt(token.slice(0, 4), 16), Number.parseInt(token.slice(4), 16)));
    }
  }
  for (const label of host.split(".")) {
    if (!label.includes("--")) continue;
    try {
      found.push(new URL(`http://[${label.replace(/-/g, ":")}]`).hostname.slice(1, -1));
    } catch {
      // not an address after all
    }
  }
  return found;
};

const reachOf = (hostname: string): Reach => {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host.includes(":")) return reachOfV6(host);
  if (isV4(host)) return reachOfV4(host);
  if (host === "localhost" || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return "private";
  return farthest(addressesInName(host).map((address) => (isV4(address) ? reachOfV4(address) : reachOfV6(address))));
};

// Whether a URL points into a private network (by address or by a name that says so); false for bad URLs.
export const isPrivateTarget = (raw: string) => {
  try {
    return reachOf(new URL(raw).hostname) !== "public";
  } catch {
    return false;
  }
};

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

// `allowPrivate` opens private and loopback addresses (self-hosted providers, tests); link-local addresses
// (169.254.0.0/16 with the cloud metadata services, fe80::/10) stay closed whatever it says.
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
  // "localhost." and "10.0.0.1.nip.io." skip the resolver's search list and some name checks: never needed
  if (url.hostname.endsWith(".")) {
    return { ok: false, reason: `Refusing a host name that ends with a dot: ${url.hostname}` };
  }
  const reach = reachOf(url.hostname);
  if (reach === "link-local") {
    return { ok: false, reason: `Refusing to fetch a link-local address (cloud metadata services): ${url.hostname}` };
  }
  if (!allowPrivate && reach === "private") {
    return { ok: false, reason: `Refusing to fetch a private or loopback address: ${url.hostname}` };
  }
  return { ok: true, url };
};
