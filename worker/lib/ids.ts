// RAGFlow ids are 32 lowercase hex characters (uuid hex without dashes).
export const newId = (): string => crypto.randomUUID().replaceAll("-", "");

const BASE64URL = /[+/=]/g;
const base64UrlMap: Record<string, string> = { "+": "-", "/": "_", "=": "" };

export const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(BASE64URL, (ch) => base64UrlMap[ch] ?? "");

export const randomToken = (byteLength = 32): string => toBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));

export const toHex = (bytes: ArrayBuffer | Uint8Array): string =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export const fromHex = (hex: string): Uint8Array =>
  new Uint8Array((hex.match(/.{2}/g) ?? []).map((pair) => Number.parseInt(pair, 16)));
