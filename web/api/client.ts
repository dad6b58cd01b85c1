import type { Envelope } from "../../worker/contract/envelope";
import { authHeaders, clearSession, getCurrentTeam, setCurrentTeam } from "../lib/auth-storage";
import { snakeCaseKeys } from "../lib/snake-case";

export const API_BASE = "/api/v1";

// Envelope codes the UI reacts to; everything else shows the server's message.
export const ErrorCode = {
  network: -1,
  argument: 101,
  data: 102,
  operating: 103,
  authentication: 109,
  unauthorized: 401,
  tooLarge: 413,
  tooManyRequests: 429,
} as const;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    // false when the answer carried no envelope (a proxy's or the platform's page): the code is the HTTP status
    readonly enveloped = true,
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  signal?: AbortSignal;
};

const listeners = new Set<() => void>();
export const onUnauthorized = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const buildUrl = (path: string, query: RequestOptions["query"]) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of [value ?? []].flat()) params.append(key, String(item));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ""}`;
};

const send = async (path: string, options: RequestOptions) => {
  const headers = new Headers(authHeaders());
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (typeof options.body === "string") {
    // already JSON, sent as it is (user-chosen keys such as prompt variables must not be re-cased)
    headers.set("Content-Type", "application/json");
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(snakeCaseKeys(options.body));
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(ErrorCode.network, "network", 0);
  }
};

export const requestRaw = async (path: string, options: RequestOptions = {}): Promise<Response> => {
  const response = await send(path, options);
  if (response.status === 401) {
    clearSession();
    for (const listener of listeners) listener();
  }
  // removed from the team it was working in: back to the user's own team, and the request again there
  if (response.status === 403 && getCurrentTeam()) {
    setCurrentTeam(null, { quietly: true });
    return requestRaw(path, options);
  }
  return response;
};

export const request = async <T>(path: string, options: RequestOptions = {}) => {
  const response = await requestRaw(path, options);
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope) throw new ApiError(response.status, response.statusText, response.status, false);
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.message, response.status);
  return {
    data: envelope.data,
    envelope: envelope as Envelope<T> & Record<string, unknown>,
    headers: response.headers,
  };
};

export const requestData = async <T>(path: string, options: RequestOptions = {}) =>
  (await request<T>(path, options)).data;
