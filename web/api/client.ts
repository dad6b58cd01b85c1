import type { GenericSchema, InferInput } from "valibot";
import type { Envelope } from "../../worker/contract/envelope";
import { authHeaders, clearSession, getCurrentTeam, setCurrentTeam } from "../lib/auth-storage";
import { BOOKMARK_HEADER, bookmarkHeaders, rememberBookmark, watchStreamBookmark } from "./bookmark";

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
    // the message catalogue's code and values, where the server sent them (worker/contract/message-catalogue.ts)
    readonly catalogued: { code: string; params: Record<string, string> } | null = null,
  ) {
    super(message);
  }
}

// ---- the envelope: one reader for fetch answers, streams and uploads ----

type Answer = { status: number; statusText: string };
type Failure = { code: number; message: string; message_code?: string; message_params?: Record<string, string> };

// The error an answer stands for: the envelope's code and message, or the HTTP status when there is no envelope.
export const apiError = (answer: Answer, envelope: Failure | null) =>
  envelope
    ? new ApiError(
        envelope.code,
        envelope.message,
        answer.status,
        true,
        envelope.message_code ? { code: envelope.message_code, params: envelope.message_params ?? {} } : null,
      )
    : new ApiError(answer.status, answer.statusText, answer.status, false);

export const envelopeOf = async <T>(response: Response) =>
  (await response.json().catch(() => null)) as Envelope<T> | null;

const accepted = <T>(answer: Answer, envelope: Envelope<T> | null) => {
  if (!envelope || envelope.code !== 0) throw apiError(answer, envelope);
  return envelope as Envelope<T> & Record<string, unknown>;
};

// ---- one client for everyone who calls the API: members (session) and visitors (share token) ----

// A request body as the contract's schema takes it: snake_case, written by the caller.
export type Body<S extends GenericSchema> = InferInput<S>;

export type Query = Record<string, string | number | boolean | string[] | undefined>;

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  // a FormData goes as it is; anything else is sent as JSON, written in the API's snake_case
  body?: object;
  query?: Query;
  signal?: AbortSignal;
};

type ClientConfig = {
  // where the caller's endpoints live, e.g. API_BASE or a share link's prefix
  base: string;
  // who is asking: the session's or the share token's headers, read at every request
  headers: () => Record<string, string>;
  // query parameters every request carries (the visitor's id)
  query?: () => Query;
  // a look at every answer before it is read; `again` sends the same request once more
  onResponse?: (response: Response, again: () => Promise<Response>) => Response | Promise<Response>;
};

export const createClient = (config: ClientConfig) => {
  const url = (path: string, query: Query | undefined) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, ...config.query?.() })) {
      for (const item of [value ?? []].flat()) params.append(key, String(item));
    }
    const search = params.toString();
    return `${config.base}${path}${search ? `?${search}` : ""}`;
  };

  const send = async (path: string, options: RequestOptions) => {
    const headers = new Headers({ ...bookmarkHeaders(), ...config.headers() });
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.body);
    }
    try {
      const response = await fetch(url(path, options.query), {
        method: options.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        body,
        signal: options.signal,
      });
      return watchStreamBookmark(response);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ApiError(ErrorCode.network, "network", 0);
    }
  };

  // The answer as it came (streams, audio, downloads).
  const requestRaw = async (path: string, options: RequestOptions = {}): Promise<Response> => {
    const response = await send(path, options);
    return config.onResponse ? config.onResponse(response, () => requestRaw(path, options)) : response;
  };

  // The envelope's data, the whole envelope (totals beside the data) and the headers.
  const request = async <T>(path: string, options: RequestOptions = {}) => {
    const response = await requestRaw(path, options);
    const envelope = accepted(response, await envelopeOf<T>(response));
    return { data: envelope.data, envelope, headers: response.headers };
  };

  const requestData = async <T>(path: string, options: RequestOptions = {}) => (await request<T>(path, options)).data;

  // fetch() cannot report upload progress, so uploads use XMLHttpRequest: one request per file,
  // which also keeps each request far below the platform's body limit.
  const upload = <T>(path: string, form: FormData, onProgress: (fraction: number) => void) =>
    new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url(path, undefined));
      for (const [name, value] of Object.entries({ ...bookmarkHeaders(), ...config.headers() })) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onerror = () => reject(new ApiError(ErrorCode.network, "network", 0));
      xhr.onload = () => {
        rememberBookmark(xhr.getResponseHeader(BOOKMARK_HEADER));
        let envelope: Envelope<T> | null = null;
        try {
          envelope = JSON.parse(xhr.responseText) as Envelope<T>;
        } catch {
          // not JSON: a plain HTTP failure
        }
        try {
          const { data } = accepted({ status: xhr.status, statusText: xhr.statusText || "upload failed" }, envelope);
          onProgress(1);
          resolve(data);
        } catch (error) {
          reject(error);
        }
      };
      xhr.send(form);
    });

  return { request, requestData, requestRaw, upload };
};

// ---- the member's client: the session cookie's token and the team worked in ----

const listeners = new Set<() => void>();
export const onUnauthorized = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const memberClient = createClient({
  base: API_BASE,
  headers: authHeaders,
  onResponse: (response, again) => {
    if (response.status === 401) {
      clearSession();
      for (const listener of listeners) listener();
    }
    // removed from the team it was working in: back to the user's own team, and the request again there
    if (response.status === 403 && getCurrentTeam()) {
      setCurrentTeam(null, { quietly: true });
      return again();
    }
    return response;
  },
});
export const { request, requestData, requestRaw, upload } = memberClient;

// ---- a visitor's client: the share token, and the browser's visitor id where the link keeps conversations ----

export const visitorClient = (base: string, token: string, visitorId?: () => string) =>
  createClient({
    base: `${API_BASE}${base}`,
    headers: () => ({ Authorization: `Bearer ${token}` }),
    query: visitorId && (() => ({ visitor_id: visitorId() })),
  });
