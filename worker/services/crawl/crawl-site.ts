import { checkOutboundUrl } from "../../lib/url-guard";
import { extractLinks } from "../../rag/html-links";
import { parseRobots, type RobotsRules } from "../../rag/robots";
import type { ServiceContext } from "../context";

const PAGE_TIMEOUT_MS = 15_000;
const PAGE_MAX_BYTES = 10 * 1024 * 1024;
const USER_AGENT = "BuddyCrawler/0.1 (+https://github.com/buddy)";

export type CrawledPage = { url: URL; html: string; title: string; bytes: Uint8Array };
type Page = { url: URL; html: string };

const MAX_REDIRECTS = 5;

// Redirects are followed by hand so every hop passes the private-address check before it is fetched.
const fetchPage = async (ctx: ServiceContext, url: URL): Promise<Page> => {
  let target = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(target, {
      headers: { "User-Agent": USER_AGENT, Accept: "text/html,text/plain;q=0.8" },
      redirect: "manual",
      signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      if (hop >= MAX_REDIRECTS) throw new Error(`${url.href}: too many redirects`);
      const next = checkOutboundUrl(new URL(location, target).href, ctx.config.allowPrivateFetch);
      if (!next.ok) throw new Error(next.reason);
      target = next.url;
      continue;
    }
    if (!response.ok) throw new Error(`${target.href} answered HTTP ${response.status}`);
    const type = response.headers.get("content-type") ?? "";
    if (!/text\/html|text\/plain|application\/xhtml/.test(type)) throw new Error(`${target.href} is not a web page (${type || "no content type"})`);
    const html = await response.text();
    if (html.length > PAGE_MAX_BYTES) throw new Error(`${target.href} is larger than 10 MB`);
    return { url: target, html };
  }
};

const loadRobots = async (origin: string): Promise<RobotsRules> => {
  try {
    const response = await fetch(`${origin}/robots.txt`, { headers: { "User-Agent": USER_AGENT }, signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
    return parseRobots(response.ok ? await response.text() : "");
  } catch {
    return parseRobots("");
  }
};

export const pageName = (title: string, url: URL) => {
  const base = title || url.pathname.replace(/\/$/, "").split("/").pop() || url.hostname;
  return `${base.replace(/[\\/:*?"<>|]+/g, " ").trim().slice(0, 120) || url.hostname}.html`;
};

export type CrawlLimits = { url: string; maxDepth: number; maxPages: number };

// Breadth-first, same origin, robots-aware; every page fetched is handed to `onPage` in crawl order.
export const crawlSite = async (ctx: ServiceContext, limits: CrawlLimits, onPage: (page: CrawledPage, index: number) => Promise<void>) => {
  const startUrl = new URL(limits.url);
  const robots = await loadRobots(startUrl.origin);
  const queue: { url: URL; depth: number }[] = [{ url: startUrl, depth: 0 }];
  const seen = new Set([startUrl.href]);
  const errors: string[] = [];
  let pages = 0;

  while (queue.length > 0 && pages < limits.maxPages) {
    const next = queue.shift() as { url: URL; depth: number };
    if (!robots.allows(next.url.pathname)) {
      errors.push(`${next.url.href}: disallowed by robots.txt`);
      continue;
    }
    let page: Page;
    try {
      page = await fetchPage(ctx, next.url);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    const { title, links } = await extractLinks(page.html, page.url);
    await onPage({ ...page, title, bytes: new TextEncoder().encode(page.html) }, pages);
    pages++;
    if (next.depth < limits.maxDepth) {
      for (const link of links) {
        if (!seen.has(link)) {
          seen.add(link);
          queue.push({ url: new URL(link), depth: next.depth + 1 });
        }
      }
    }
  }
  return { pages, errors, startUrl };
};
