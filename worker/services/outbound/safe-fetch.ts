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

// Every outbound HTTP call of the crawler and the agent tools: each hop (redirects followed by hand) is checked
// against private addresses, with a timeout, cancellation and a size cap.
export const safeFetch = async (ctx: ServiceContext, target: string | URL, init: RequestInit, signal: AbortSignal | null, limits: Limits = {}) => {
  const { timeoutSeconds = 30, maxChars = 2 * 1024 * 1024, refuseType, acceptErrors = false } = limits;
  const deadline = AbortSignal.timeout(Math.max(1, timeoutSeconds) * 1000);
  const timeout = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    const check = checkOutboundUrl(url.href, ctx.config.allowPrivateFetch);
    if (!check.ok) throw new Error(check.reason);
    const response = await fetch(check.url, { ...init, redirect: "manual", signal: timeout });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      if (hop >= MAX_REDIRECTS) throw new Error(`${url.href}: too many redirects`);
      url = new URL(location, url);
      continue;
    }
    if (!response.ok && !acceptErrors) throw new Error(`${url.host} answered HTTP ${response.status}`);
    const contentType = response.headers.get("content-type") ?? "";
    const refused = refuseType?.(contentType, url);
    if (refused) throw new Error(refused);
    const text = await response.text();
    if (text.length > maxChars) throw new Error(`${url.href} is larger than ${Math.round(maxChars / 1024 / 1024)} MB`);
    return { text, contentType, status: response.status, url };
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
