// IPv4 and IPv6 addresses and CIDR ranges as numbers, so an allow-list can say whether an address lies in a range
// (Python's ip_network(rule, strict=False): host bits in a rule are ignored). Addresses of the other version never
// match.
type Address = { bits: 32 | 128; value: bigint };

const parseV4 = (text: string): bigint | null => {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256n + BigInt(part);
  }
  return value;
};

const groupsOf = (half: string | undefined) => (half ? half.split(":") : []);

const parseV6 = (text: string): bigint | null => {
  let source = text;
  const lastColon = source.lastIndexOf(":");
  const tail = source.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseV4(tail);
    if (v4 === null) return null;
    source = `${source.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = source.split("::");
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(Math.max(missing, 0)).fill("0"), ...rest];
  let value = 0n;
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) + BigInt(`0x${group}`);
  }
  return value;
};

export const parseIp = (text: string): Address | null => {
  const trimmed = text.trim();
  if (trimmed.includes(":")) {
    const value = parseV6(trimmed);
    return value === null ? null : { bits: 128, value };
  }
  const value = parseV4(trimmed);
  return value === null ? null : { bits: 32, value };
};

const parseRule = (rule: string): (Address & { prefix: number }) | null => {
  const [address = "", prefixText, extra] = rule.trim().split("/");
  if (extra !== undefined) return null;
  const parsed = parseIp(address);
  if (!parsed) return null;
  if (prefixText === undefined) return { ...parsed, prefix: parsed.bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > parsed.bits) return null;
  return { ...parsed, prefix: Number(prefixText) };
};

export const isIpRule = (rule: string) => parseRule(rule) !== null;

// Whether the address is one of the rules' addresses or lies in one of their ranges.
export const ipAllowed = (ip: string, rules: string[]) => {
  const address = parseIp(ip);
  if (!address) return false;
  return rules.some((text) => {
    const rule = parseRule(text);
    if (!rule || rule.bits !== address.bits) return false;
    const shift = BigInt(rule.bits - rule.prefix);
    return address.value >> shift === rule.value >> shift;
  });
};
