import { zlibSync } from "fflate";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const pngChunk = (type: string, data: Uint8Array) => {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) chunk[4 + i] = type.charCodeAt(i);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
};

const rgbOf = (hex: string) => {
  const digits = /^#[0-9a-fA-F]{6}/.test(hex) ? hex.slice(1, 7) : "0f766e";
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16));
};

// coverage of a pixel by a disc, softened over one pixel so the edge is smooth
const coverage = (x: number, y: number, cx: number, cy: number, radius: number) =>
  Math.min(1, Math.max(0, radius - Math.hypot(x + 0.5 - cx, y + 0.5 - cy) + 0.5));

// A square RGBA PNG: a disc in the given colour with three white dots (a chat bubble's "typing"), for
// the Chrome extension's toolbar and store icons (Manifest V3 wants PNG).
export const chatIconPng = (size: number, color: string) => {
  const [r = 0, g = 0, b = 0] = rgbOf(color);
  const half = size / 2;
  const dotRadius = size * 0.075;
  const dots = [-1, 0, 1].map((step) => half + step * size * 0.22);
  const stride = 1 + size * 4;
  const raw = new Uint8Array(stride * size);
  for (let y = 0; y < size; y++) {
    raw[y * stride] = 0;
    for (let x = 0; x < size; x++) {
      const disc = coverage(x, y, half, half, half);
      const white = Math.max(...dots.map((cx) => coverage(x, y, cx, half, dotRadius)));
      const at = y * stride + 1 + x * 4;
      raw[at] = Math.round(r + (255 - r) * white);
      raw[at + 1] = Math.round(g + (255 - g) * white);
      raw[at + 2] = Math.round(b + (255 - b) * white);
      raw[at + 3] = Math.round(255 * disc);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [
    signature,
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlibSync(raw)),
    pngChunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
};
