// A PNG encoder for decoded pixels (figures taken out of PDFs): no filter, deflate by the platform's
// CompressionStream, which writes the zlib format PNG asks for.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Uint8Array) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Uint8Array) => {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
};

const deflate = async (bytes: Uint8Array) =>
  new Uint8Array(
    await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const COLOR_TYPES = { 1: 0, 3: 2, 4: 6 } as const;

// `channels`: 1 (grey), 3 (RGB) or 4 (RGBA), 8 bits each, rows top to bottom.
export const encodePng = async (width: number, height: number, channels: 1 | 3 | 4, pixels: Uint8Array) => {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, COLOR_TYPES[channels], 0, 0, 0], 8);
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const parts = [SIGNATURE, chunk("IHDR", header), chunk("IDAT", await deflate(raw)), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

// Nearest-neighbour scaling so the longer side is at most `maxSide` (figures stay small in storage).
export const shrinkPixels = (width: number, height: number, channels: number, pixels: Uint8Array, maxSide: number) => {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  if (scale === 1) return { width, height, pixels };
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  const out = new Uint8Array(w * h * channels);
  for (let y = 0; y < h; y++) {
    const sourceRow = Math.min(height - 1, Math.floor(y / scale)) * width;
    for (let x = 0; x < w; x++) {
      const source = (sourceRow + Math.min(width - 1, Math.floor(x / scale))) * channels;
      out.set(pixels.subarray(source, source + channels), (y * w + x) * channels);
    }
  }
  return { width: w, height: h, pixels: out };
};
