import { SELF } from "cloudflare:test";

export type ApiResponse<T = unknown> = {
  status: number;
  headers: Headers;
  body: { code: number; message: string; data: T };
};

type RequestOptions = {
  method?: string;
  token?: string | null;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
};

export const BASE = "http://buddy.test/api/v1";

export const callApi = async <T = unknown>(path: string, options: RequestOptions = {}) => {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", options.token);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const response = await SELF.fetch(`${BASE}${path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text.startsWith("{") ? JSON.parse(text) : text,
  } as ApiResponse<T>;
};
