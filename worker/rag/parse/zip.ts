import { Inflate, strFromU8, zipSync } from "fflate";
import { UNZIPPED_MAX_BYTES, UNZIPPED_TOO_LARGE } from "./limits";
import { UnreadableDocumentError } from "./types";

// Reads zip archives (zip64 too) within UNZIPPED_MAX_BYTES: the central directory's declared sizes are checked
// before anything is inflated, and inflating stops as soon as the real output passes the bound.

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX32 = 0xffffffff;
const UTF8_FLAG = 0x800;
// compressed bytes given to the inflater at a time: deflate expands at most ~1,032 times, so one slice never
// inflates past the bound by more than a few MB
const INFLATE_SLICE = 4096;

const broken = () => new UnreadableDocumentError("The file is not a valid zip archive (it may be damaged).");

const reader = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const check = (offset: number, length: number) => {
    if (offset < 0 || offset + length > bytes.length) throw broken();
  };
  return {
    u16: (offset: number) => (check(offset, 2), view.getUint16(offset, true)),
    u32: (offset: number) => (check(offset, 4), view.getUint32(offset, true)),
    u64: (offset: number) => (
      check(offset, 8), view.getUint32(offset, true) + view.getUint32(offset + 4, true) * 2 ** 32
    ),
  };
};

const endOfDirectory = (bytes: Uint8Array, read: ReturnType<typeof reader>) => {
  // the record is 22 bytes plus a comment of at most 65,535
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (read.u32(at) !== EOCD) continue;
    let count = read.u16(at + 10);
    let offset = read.u32(at + 16);
    if (at >= 20 && read.u32(at - 20) === EOCD64_LOCATOR) {
      const record = read.u64(at - 12);
      if (read.u32(record) !== EOCD64) throw broken();
      count = read.u64(record + 32);
      offset = read.u64(record + 48);
    }
    return { count, offset };
  }
  throw broken();
};

// Sizes and offset of a zip64 entry: those whose 32-bit field is full, in this order, in the extra field 0x0001.
const zip64Fields = (read: ReturnType<typeof reader>, extra: number, extraEnd: number, entry: Entry) => {
  for (let at = extra; at + 4 <= extraEnd; at += 4 + read.u16(at + 2)) {
    if (read.u16(at) !== ZIP64_EXTRA) continue;
    let field = at + 4;
    const next = () => {
      const value = read.u64(field);
      field += 8;
      return value;
    };
    if (entry.size === MAX32) entry.size = next();
    if (entry.compressedSize === MAX32) entry.compressedSize = next();
    if (entry.localOffset === MAX32) entry.localOffset = next();
    return;
  }
};

const directory = (bytes: Uint8Array): Entry[] => {
  const read = reader(bytes);
  const { count, offset } = endOfDirectory(bytes, read);
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (read.u32(at) !== CENTRAL) throw broken();
    const nameLength = read.u16(at + 28);
    const extraLength = read.u16(at + 30);
    const commentLength = read.u16(at + 32);
    const nameStart = at + 46;
    if (nameStart + nameLength > bytes.length) throw broken();
    const entry: Entry = {
      name: strFromU8(bytes.subarray(nameStart, nameStart + nameLength), !(read.u16(at + 8) & UTF8_FLAG)),
      method: read.u16(at + 10),
      compressedSize: read.u32(at + 20),
      size: read.u32(at + 24),
      localOffset: read.u32(at + 42),
    };
    zip64Fields(read, nameStart + nameLength, nameStart + nameLength + extraLength, entry);
    entries.push(entry);
    at = nameStart + nameLength + extraLength + commentLength;
  }
  return entries;
};

const inflateBounded = (data: Uint8Array, budget: number): Uint8Array => {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((part) => {
    total += part.length;
    if (total > budget) throw new UnreadableDocumentError(UNZIPPED_TOO_LARGE);
    parts.push(part);
  });
  for (let at = 0; at < data.length; at += INFLATE_SLICE)
    inflater.push(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const entryData = (bytes: Uint8Array, entry: Entry, budget: number): Uint8Array => {
  const read = reader(bytes);
  if (read.u32(entry.localOffset) !== LOCAL) throw broken();
  const start = entry.localOffset + 30 + read.u16(entry.localOffset + 26) + read.u16(entry.localOffset + 28);
  if (start + entry.compressedSize > bytes.length) throw broken();
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > budget) throw new UnreadableDocumentError(UNZIPPED_TOO_LARGE);
    return data.slice();
  }
  if (entry.method !== 8)
    throw new UnreadableDocumentError(`The file uses an unknown zip compression (${entry.method}).`);
  try {
    return inflateBounded(data, budget);
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw broken();
  }
};

// The archive's files whose name `wanted` accepts (all by default).
export const unzipBounded = (
  bytes: Uint8Array,
  wanted: (name: string) => boolean = () => true,
): Record<string, Uint8Array> => {
  const entries = directory(bytes);
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > UNZIPPED_MAX_BYTES) throw new UnreadableDocumentError(UNZIPPED_TOO_LARGE);
  const files: Record<string, Uint8Array> = {};
  let budget = UNZIPPED_MAX_BYTES;
  for (const entry of entries) {
    if (entry.name.endsWith("/") || !wanted(entry.name)) continue;
    const data = entryData(bytes, entry, budget);
    budget -= data.length;
    files[entry.name] = data;
  }
  return files;
};

export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

// Files already inflated, packed again without compression for a reader that wants a whole archive (SheetJS,
// mammoth): it then inflates nothing itself, and sees a plain zip even where the upload was zip64.
export const storedZip = (files: Record<string, Uint8Array>) => zipSync(files, { level: 0 });
