// The API speaks snake_case; the web code writes camelCase payloads (RAGFlow's web client does the same).
const KEPT_KEYS = new Set(["img2txt_id"]);

export const toSnakeKey = (key: string) =>
  KEPT_KEYS.has(key) ? key : key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

export const snakeCaseKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== "object" || value instanceof FormData || value instanceof Blob) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toSnakeKey(key), snakeCaseKeys(inner)]));
};
