import { checkOutboundUrl } from "../../../lib/url-guard";
import type { ServiceContext } from "../../context";

const MAX_RESPONSE_CHARS = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;

// Outbound HTTP for components: every hop (redirects followed by hand) is checked against private addresses,
// with a timeout, the run's cancellation and a size cap.
export const safeFetch = async (ctx: ServiceContext, target: string | URL, init: RequestInit, signal: AbortSignal, timeoutSeconds = 30) => {
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, timeoutSeconds) * 1000)]);
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    const check = checkOutboundUrl(url.href, ctx.config.allowPrivateFetch);
    if (!check.ok) throw new Error(check.reason);
    const response = await fetch(check.url, { ...init, redirect: "manual", signal: timeout });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      if (hop >= MAX_REDIRECTS) throw new Error("Too many redirects");
      url = new URL(location, url);
      continue;
    }
    const text = await response.text();
    if (text.length > MAX_RESPONSE_CHARS) throw new Error("The response is larger than 2 MB");
    if (!response.ok) throw new Error(`${url.host} answered HTTP ${response.status}`);
    return { text, contentType: response.headers.get("content-type") ?? "", status: response.status };
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
