import { extractLinks } from "../../rag/html-links";
import { parseRobots, type RobotsRules } from "../../rag/robots";
import type { ServiceContext } from "../context";
import { safeFetch } from "../outbound/safe-fetch";

const PAGE_TIMEOUT_MS = 15_000;
const PAGE_MAX_BYTES = 10 * 1024 * 1024;
const USER_AGENT = "BuddyCrawler/0.1 (+https://github.com/buddy)";

export type CrawledPage = { url: URL; html: string; title: string; bytes: Uint8Array };
type Page = { url: URL; html: string };

const notAPage = (type: string, url: URL) =>
  /text\/html|text\/plain|application\/xhtml/.test(type)
    ? null
    : `${url.href} is not a web page (${type || "no content type"})`;

// Only web pages are read; redirects and private addresses as for every outbound call.
const fetchPage = async (ctx: ServiceContext, url: URL): Promise<Page> => {
  const page = await safeFetch(
    ctx,
    url,
    { headers: { "User-Agent": USER_AGENT, Accept: "text/html,text/plain;q=0.8" } },
    null,
    {
      timeoutSeconds: PAGE_TIMEOUT_MS / 1000,
      maxChars: PAGE_MAX_BYTES,
      refuseType: notAPage,
    },
  );
  return { url: page.url, html: page.text };
};

// robots.txt through the same checked fetch as the pages; none (or a refused one) allows everything.
const ROBOTS_MAX_CHARS = 512 * 1024;
const loadRobots = async (ctx: ServiceContext, origin: string): Promise<RobotsRules> => {
  try {
    const robots = await safeFetch(ctx, `${origin}/robots.txt`, { headers: { "User-Agent": USER_AGENT } }, null, {
      timeoutSeconds: PAGE_TIMEOUT_MS / 1000,
      maxChars: ROBOTS_MAX_CHARS,
    });
    return parseRobots(robots.text);
  } catch {
    return parseRobots("");
  }
};

export const pageName = (title: string, url: URL) => {
  const base = title || url.pathname.replace(/\/$/, "").split("/").pop() || url.hostname;
  return `${
    base
      .replace(/[\\/:*?"<>|]+/g, " ")
      .trim()
      .slice(0, 120) || url.hostname
  }.html`;
};

export type CrawlLimits = { url: string; maxDepth: number; maxPages: number };

// Breadth-first, same origin, robots-aware; every page fetched is handed to `onPage` in crawl order.
export const crawlSite = async (
  ctx: ServiceContext,
  limits: CrawlLimits,
  onPage: (page: CrawledPage, index: number) => Promise<void>,
) => {
  const startUrl = new URL(limits.url);
  const robots = await loadRobots(ctx, startUrl.origin);
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
