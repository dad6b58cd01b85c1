import { type Endpoint, ProviderError } from "./types";

const RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 60_000;

// `detail` is ": what the provider said", or empty for a server whose replies are not shown
const explainStatus = (status: number, detail: string) => {
  if (status === 401 || status === 403)
    return `Invalid API key (${status})${detail}. Set the provider's API key in the model settings.`;
  if (status === 404) return `Model or endpoint not found (404)${detail}. Check the model name and base URL.`;
  if (status === 429) return `Rate limited by the provider (429)${detail}`;
  return `The provider answered ${status}${detail}`;
};

const explain = async (response: Response, hideReply: boolean) => {
  const { status } = response;
  if (hideReply) {
    await response.body?.cancel();
    return explainStatus(status, "");
  }
  const body = await response.text();
  const detail = (() => {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
      return typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message ?? body);
    } catch {
      return body;
    }
  })().slice(0, 300);
  return explainStatus(status, `: ${detail}`);
};

// POST JSON with a timeout, retrying 429 and 5xx with exponential backoff; errors become ProviderError.
export const postJson = (
  endpoint: Endpoint,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) => post(endpoint, path, JSON.stringify(body), { "Content-Type": "application/json", ...headers }, signal);

const urlOf = (endpoint: Endpoint, path: string) => {
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}${path}`;
  if (!endpoint.query) return url;
  const withQuery = new URL(url);
  for (const [key, value] of Object.entries(endpoint.query)) withQuery.searchParams.set(key, value);
  return withQuery.toString();
};

// The same for any body (multipart uploads set their own content type).
export const post = async (
  endpoint: Endpoint,
  path: string,
  body: string | FormData,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) => {
  const url = urlOf(endpoint, path);
  for (let attempt = 0; ; attempt++) {
    // worked out again for each attempt: a signature carries its time
    const extra = endpoint.requestHeaders ? await endpoint.requestHeaders({ method: "POST", url, headers, body }) : {};
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        // a redirect is not followed: the base URL was checked, where it points to was not
        redirect: "manual",
        headers: { ...headers, ...extra },
        body,
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS)])
          : AbortSignal.timeout(endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === "TimeoutError")
        throw new ProviderError(
          0,
          `The provider did not answer within ${(endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s (${url}).`,
        );
      if (name === "AbortError") throw error;
      if (attempt < RETRIES) continue;
      throw new ProviderError(0, `Cannot reach the provider at ${url}: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    if (response.status >= 300 && response.status < 400) {
      throw new ProviderError(
        response.status,
        endpoint.hideReplies
          ? `The provider redirected (${response.status}): set the address it leads to as the base URL.`
          : `The provider redirected to ${response.headers.get("location") ?? "another address"}: set that as the base URL.`,
      );
    }
    if ((response.status === 429 || response.status >= 500) && attempt < RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      continue;
    }
    throw new ProviderError(response.status, await explain(response, endpoint.hideReplies === true));
  }
};

// Lines of a streamed body (SSE or NDJSON), decoded as they arrive.
export async function* readLines(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) yield line.replace(/\r$/, "");
  }
  if (buffer) yield buffer;
}
