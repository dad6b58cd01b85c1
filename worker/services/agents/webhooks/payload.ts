import type { BeginInputSpec } from "../../../contract/agents";

export type WebhookPayload = { query: Record<string, string>; body: unknown; contentType: string; bytes: number };

// Only these headers go into the log: credentials and the rest stay out.
const LOGGED_HEADERS = ["content-type", "user-agent", "content-length"];
export const loggedHeaders = (headers: Headers) =>
  Object.fromEntries(LOGGED_HEADERS.flatMap((name) => (headers.has(name) ? [[name, headers.get(name)]] : [])));

// A body whose declared length is over `maxBytes` is not read at all (it is refused for its size).
export const readWebhookPayload = async (request: Request, maxBytes: number): Promise<WebhookPayload> => {
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  const declared = Number(request.headers.get("Content-Length") ?? 0) || 0;
  if (request.method === "GET" || request.method === "HEAD" || declared > maxBytes)
    return { query, body: {}, contentType, bytes: declared };
  const raw = new Uint8Array(await request.arrayBuffer());
  const bytes = Math.max(declared, raw.byteLength);
  if (raw.byteLength > maxBytes) return { query, body: {}, contentType, bytes };
  const text = new TextDecoder().decode(raw);
  if (contentType === "application/x-www-form-urlencoded")
    return { query, body: Object.fromEntries(new URLSearchParams(text)), contentType, bytes };
  if (!text.trim()) return { query, body: {}, contentType, bytes };
  try {
    return { query, body: JSON.parse(text), contentType, bytes };
  } catch {
    // RAGFlow keeps an unreadable body as empty; Buddy keeps the text, so a Begin input can still use it
    return { query, body: { text }, contentType, bytes };
  }
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

// The Begin inputs from the request: each declared input from the body's field of the same name, else from the URL's
// query; the whole body and query also go in as `body` and `query_params`. The question is the body's `question`
// (or `query`) when it is text.
export const webhookRunInput = (payload: WebhookPayload, declared: Record<string, BeginInputSpec>) => {
  const body = asRecord(payload.body);
  const inputs: Record<string, unknown> = { body: payload.body, query_params: payload.query };
  for (const key of Object.keys(declared)) {
    const value = body[key] ?? payload.query[key];
    if (value !== undefined) inputs[key] = value;
  }
  const question = [body.question, body.query, payload.query.question].find((value) => typeof value === "string");
  return { question: (question as string | undefined) ?? "", inputs };
};
