import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";

// cl100k token counts, as RAGFlow uses. Building the encoder parses ~1 MB of ranks: do it once per isolate.
let encoder: Tiktoken | null = null;
const getEncoder = () => (encoder ??= new Tiktoken(cl100k));

// js-tiktoken merges each pre-token (a run of letters, of punctuation, of whitespace) in time that grows
// with the square of its length: one 16 kB word took 45 s and froze the isolate. A pre-token longer than
// LONG_BYTES UTF-8 bytes is cut into slices of at most PIECE_BYTES, each encoded on its own; text without
// such runs (any ordinary prose: words, even long German compounds, numbers, URLs, emoji, CJK) is encoded
// exactly as before. Work per character is then bounded by LONG_BYTES instead of the run's length.
const LONG_BYTES = 128;
const PIECE_BYTES = 32;
// The longest string of UTF-16 units that can never exceed LONG_BYTES (3 bytes per unit at most).
const SURELY_SHORT = Math.floor(LONG_BYTES / 3);

const PRE_TOKEN = new RegExp(cl100k.pat_str, "gu");

const unitBytes = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : 3);
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

const utf8Length = (text: string) => {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isHighSurrogate(code) && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += unitBytes(code);
  }
  return bytes;
};

// A long pre-token as slices of at most PIECE_BYTES UTF-8 bytes, never splitting a surrogate pair.
function* slices(piece: string): Generator<string> {
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < piece.length; ) {
    const code = piece.charCodeAt(i);
    const pair = isHighSurrogate(code) && i + 1 < piece.length;
    const size = pair ? 4 : unitBytes(code);
    if (bytes + size > PIECE_BYTES) {
      yield piece.slice(start, i);
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += pair ? 2 : 1;
  }
  if (start < piece.length) yield piece.slice(start);
}

// Ordinary stretches are handed over in spans of about this many characters, so that truncating a long
// text encodes only its beginning.
const SPAN_CHARS = 8192;
const ENDS_IN_WHITESPACE = /\s$/u;

// The text as consecutive spans whose token sequences, concatenated, are its tokens: the stretches
// between long pre-tokens, and the long pre-tokens in slices. A stretch is only cut after a pre-token
// that ends in non-whitespace: the pattern's one look-ahead, `\s+(?!\S)`, could otherwise match
// differently at the cut, so each span tokenises exactly as it does inside the whole text.
function* spans(text: string): Generator<string> {
  const pattern = new RegExp(PRE_TOKEN);
  let start = 0;
  for (const match of text.matchAll(pattern)) {
    const piece = match[0];
    const end = match.index + piece.length;
    if (piece.length <= SURELY_SHORT || utf8Length(piece) <= LONG_BYTES) {
      if (end - start >= SPAN_CHARS && !ENDS_IN_WHITESPACE.test(piece)) {
        yield text.slice(start, end);
        start = end;
      }
      continue;
    }
    if (match.index > start) yield text.slice(start, match.index);
    yield* slices(piece);
    start = end;
  }
  if (start < text.length) yield text.slice(start);
}

// Hostile text repeats its slices ("AAAA…"): remember the tokens of recent ones.
const SLICE_CACHE_SIZE = 1024;
const sliceCache = new Map<string, number[]>();

// Special-token strings such as "<|endoftext|>" are plain text here, not a reason to throw.
const encodeSpan = (span: string): number[] => {
  if (span.length > PIECE_BYTES) return getEncoder().encode(span, [], []);
  const cached = sliceCache.get(span);
  if (cached) return cached;
  const tokens = getEncoder().encode(span, [], []);
  if (sliceCache.size >= SLICE_CACHE_SIZE) sliceCache.clear();
  sliceCache.set(span, tokens);
  return tokens;
};

export const countTokens = (text: string): number => {
  let count = 0;
  for (const span of spans(text)) count += encodeSpan(span).length;
  return count;
};

// The text cut to its first `limit` cl100k tokens.
export const truncateTokens = (text: string, limit: number) => {
  const budget = Math.max(0, limit);
  let used = 0;
  let offset = 0;
  for (const span of spans(text)) {
    const tokens = encodeSpan(span);
    if (used + tokens.length > budget) {
      return text.slice(0, offset) + getEncoder().decode(tokens.slice(0, budget - used));
    }
    used += tokens.length;
    offset += span.length;
  }
  return text;
};
