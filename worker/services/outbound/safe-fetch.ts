import { checkOutboundUrl } from "../../lib/url-guard";
import type { ServiceContext } from "../context";

const MAX_REDIRECTS = 5;

type Limits = {
  timeoutSeconds?: number;
  maxChars?: number;
  // refuses a content type before the body is read (a reason, or null to accept)
  refuseType?: (contentType: string, url: URL) => string | null;
  // an API that explains failures in its body (HTTP 4xx with a JSON error): return it instead of throwing
  acceptErrors?: boolean;
};

// Headers that carry no credential: the only ones a redirect to another origin keeps.
const NEUTRAL_HEADERS = ["accept", "accept-language", "user-agent", "content-type"];

// The request for the next hop, as browsers make it: 303 (and 301/302 after anything but GET/HEAD) turns into a
// GET without body; another origin gets no Authorization, API-key or custom headers.
const redirected = (init: RequestInit, status: number, from: URL, to: URL): RequestInit => {
  const method = (init.method ?? "GET").toUpperCase();
  const toGet = status === 303 || ((status === 301 || status === 302) && method !== "GET" && method !== "HEAD");
  const next: RequestInit = toGet ? { ...init, method: "GET", body: undefined } : init;
  if (to.origin === from.origin) return next;
  const headers = new Headers(next.headers);
  const credentials = [...headers.keys()].filter((name) => !NEUTRAL_HEADERS.includes(name));
  for (const name of credentials) headers.delete(name);
  return { ...next, headers };
};

// The body as text, refused once it passes `maxBytes` (read as it arrives, never whole first).
const cappedText = async (response: Response, maxBytes: number, tooLarge: () => Error) => {
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
};

// Every outbound HTTP call of the crawler and the agent tools: each hop (redirects followed by hand) is checked
// against private addresses, with a timeout, cancellation and a size cap.
export const safeFetch = async (
  ctx: ServiceContext,
  target: string | URL,
  firstInit: RequestInit,
  signal: AbortSignal | null,
  limits: Limits = {},
) => {
  const { timeoutSeconds = 30, maxChars = 2 * 1024 * 1024, refuseType, acceptErrors = false } = limits;
  const deadline = AbortSignal.timeout(Math.max(1, timeoutSeconds) * 1000);
  const timeout = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let url = new URL(target);
  let init = firstInit;
  for (let hop = 0; ; hop++) {
    const check = checkOutboundUrl(url.href, ctx.config.allowPrivateFetch);
    if (!check.ok) throw new Error(check.reason);
    const response = await fetch(check.url, { ...init, redirect: "manual", signal: timeout }).catch((error) => {
      if (timeout.aborted) throw error;
      // the runtime says only "internal error" when a name does not resolve or a connection is refused
      throw new Error(
        `${url.host} could not be reached (the name does not resolve or the server refused the connection)`,
      );
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      if (hop >= MAX_REDIRECTS) throw new Error(`${url.href}: too many redirects`);
      const next = new URL(location, url);
      init = redirected(init, response.status, url, next);
      url = next;
      continue;
    }
    if (!response.ok && !acceptErrors) throw new Error(`${url.host} answered HTTP ${response.status}`);
    const contentType = response.headers.get("content-type") ?? "";
    const refused = refuseType?.(contentType, url);
    if (refused) throw new Error(refused);
    const tooLarge = () => new Error(`${url.href} is larger than ${Math.round(maxChars / 1024 / 1024)} MB`);
    // a character is at most 4 bytes of UTF-8
    const text = await cappedText(response, maxChars * 4, tooLarge);
    if (text.length > maxChars) throw tooLarge();
    return { text, contentType, status: response.status, url, headers: response.headers };
  }
};

export const stripHtml = (html: string) =>
  html
    .replace(/<(script|style|noscript)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
