// Inputs that break careless handlers: wrong types, extreme numbers, hostile text, huge and deep values.
// Built once: the 1 MB values are shared by every request that picks them.

const hexId = (index: number) => index.toString(16).padStart(32, "0");
const deep = (levels: number): unknown => {
  let value: unknown = "bottom";
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

export const HOSTILE_TEXT: Record<string, string> = {
  empty: "",
  blank: "   ",
  emoji: "😀👍🏽🇩🇪 Grüße",
  nul: "a\u0000b",
  onlyNul: "\u0000",
  controls: "\u0001\u0002\u001b[31m\u007f\r\n\t",
  bidi: "\u202eevil\u202c",
  loneSurrogate: "\ud800x",
  zeroWidth: "\u200b\ufeff",
  traversal: "../../../etc/passwd",
  windowsTraversal: "..\\..\\windows\\win.ini",
  encodedTraversal: "%2e%2e%2f%2e%2e%2fetc",
  absolute: "/etc/passwd",
  sql: "' OR 1=1 --",
  likeWildcards: "%_%",
  html: "<script>alert(1)</script>",
  template: "{{7*7}} ${7*7} {sys.query}",
  numeric: "12",
  json: '{"a":1}',
  nullWord: "null",
};

export const HOSTILE_VALUES: Record<string, unknown> = {
  ...HOSTILE_TEXT,
  null: null,
  zero: 0,
  negative: -1,
  fraction: 1.5,
  huge: 1e308,
  negativeHuge: -1e308,
  beyondSafeInteger: 2 ** 53 + 2,
  true: true,
  false: false,
  emptyList: [],
  emptyObject: {},
  listOfNull: [null],
  listOfNumbers: [1, 2],
  nestedObject: deep(64),
  wideObject: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])),
  idList10k: Array.from({ length: 10_000 }, (_, i) => hexId(i)),
  emptyIdList10k: Array.from({ length: 10_000 }, () => ""),
  string1MB: "x".repeat(1_000_000),
  emoji1MB: "😀".repeat(250_000),
};

// Over the 1 MiB JSON body limit on its own: the answer is 413, whatever the field.
export const OVERSIZED_STRING = "y".repeat(1024 * 1024 + 1);

export const HOSTILE_QUERY: Record<string, string | string[]> = {
  ...HOSTILE_TEXT,
  negative: "-1",
  zero: "0",
  negativeZero: "-0",
  huge: "99999999999999999999",
  overflow: "1e309",
  exponent: "1e3",
  fraction: "1.5",
  nan: "NaN",
  infinity: "Infinity",
  hex: "0x10",
  padded: " 5 ",
  word: "abc",
  list: "[]",
  object: "{}",
  repeated: ["1", "2"],
  long: "9".repeat(10_000),
  idList10k: Array.from({ length: 10_000 }, (_, i) => hexId(i)).join(","),
  repeatedIds: Array.from({ length: 1000 }, (_, i) => hexId(i)),
};

// Path segments, already URL-encoded.
export const HOSTILE_PATH_IDS: Record<string, string> = {
  empty: "",
  nul: "%00",
  encodedTraversal: "%2E%2E%2F%2E%2E%2Fsystem%2Fconfig",
  dots: "%2E%2E",
  emoji: encodeURIComponent("😀"),
  space: "%20",
  zeros: "0".repeat(32),
  notHex: "z".repeat(32),
  short: "abc",
  long: "a".repeat(10_000),
  nullWord: "null",
  negative: "-1",
  sql: encodeURIComponent("' OR 1=1 --"),
};

export const UNKNOWN_KEYS = ["unknown_field", "__proto__", "constructor", "", "a\u0000b", "😀"];

// Whole bodies that are not a JSON object, or not JSON at all.
export const RAW_BODIES: Record<string, { text: string; contentType: string }> = {
  truncated: { text: '{"name":', contentType: "application/json" },
  openBrace: { text: "{", contentType: "application/json" },
  empty: { text: "", contentType: "application/json" },
  array: { text: "[]", contentType: "application/json" },
  null: { text: "null", contentType: "application/json" },
  string: { text: '"text"', contentType: "application/json" },
  number: { text: "123", contentType: "application/json" },
  true: { text: "true", contentType: "application/json" },
  listOfObject: { text: "[{}]", contentType: "application/json" },
  byteOrderMark: { text: "\ufeff{}", contentType: "application/json" },
  prototype: {
    text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    contentType: "application/json",
  },
  duplicateKeys: { text: '{"name":"a","name":1}', contentType: "application/json" },
  deepArrays: { text: `${"[".repeat(100_000)}${"]".repeat(100_000)}`, contentType: "application/json" },
  deepObjects: { text: `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`, contentType: "application/json" },
  oversized: { text: JSON.stringify({ name: OVERSIZED_STRING }), contentType: "application/json" },
  plainText: { text: "{}", contentType: "text/plain" },
  form: { text: "name=x", contentType: "application/x-www-form-urlencoded" },
  noContentType: { text: "{}", contentType: "" },
};

// Raw bodies that are JSON but not an object: a route with a JSON body must refuse each and say so.
export const NOT_OBJECT_BODIES = new Set(["array", "null", "string", "number", "true", "listOfObject"]);
