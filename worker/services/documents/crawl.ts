import { and, eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { checkOutboundUrl } from "../../lib/url-guard";
import { nowMs } from "../../lib/time";
import { nextFreeName } from "../../lib/unique-name";
import type { CrawlMessage } from "../../platform/queue";
import { extractLinks } from "../../rag/html-links";
import { parseRobots, type RobotsRules } from "../../rag/robots";
import type { Deps, ServiceContext } from "../context";
import { takenDocumentNames } from "./internal";
import { newDocumentRow } from "./new-document";
import { insertDocuments } from "./upload";

const PAGE_TIMEOUT_MS = 15_000;
const PAGE_MAX_BYTES = 10 * 1024 * 1024;
const USER_AGENT = "BuddyCrawler/0.1 (+https://github.com/buddy)";

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

const pageName = (title: string, url: URL) => {
  const base = title || url.pathname.replace(/\/$/, "").split("/").pop() || url.hostname;
  return `${base.replace(/[\\/:*?"<>|]+/g, " ").trim().slice(0, 120) || url.hostname}.html`;
};

const setStartDocument = (ctx: ServiceContext, message: CrawlMessage, changes: Partial<typeof documents.$inferInsert>) =>
  ctx.db
    .update(documents)
    .set({ ...changes, updateTime: nowMs() })
    .where(and(eq(documents.id, message.documentId), eq(documents.tenantId, message.tenantId)));

// Breadth-first, same origin, robots-aware. The start page fills the requested document;
// every further page becomes a document of its own in the same dataset.
export const runCrawl = async (deps: Deps, message: CrawlMessage) => {
  const ctx: ServiceContext = { ...deps, actor: { userId: message.userId, tenantId: message.tenantId, via: "job", sessionId: null } };
  const start = await ctx.db.query.documents.findFirst({ where: eq(documents.id, message.documentId) });
  if (!start) return { pages: 0 };
  const dataset = await ctx.db.query.datasets.findFirst({ where: (t, { eq: equals }) => equals(t.id, message.datasetId) });
  if (!dataset) return { pages: 0 };

  const startUrl = new URL(message.url);
  const robots = await loadRobots(startUrl.origin);
  const queue: { url: URL; depth: number }[] = [{ url: startUrl, depth: 0 }];
  const seen = new Set([startUrl.href]);
  const taken = await takenDocumentNames(ctx, message.datasetId);
  const errors: string[] = [];
  let pages = 0;

  while (queue.length > 0 && pages < message.maxPages) {
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
    const body = new TextEncoder().encode(page.html);
    if (pages === 0) {
      await ctx.storage.put(start.location, body.buffer as ArrayBuffer, "text/html; charset=utf-8");
      await setStartDocument(ctx, message, { size: body.byteLength });
    } else {
      const name = nextFreeName(pageName(title, page.url), taken, true);
      taken.push(name);
      const row = newDocumentRow(ctx, dataset, { name, size: body.byteLength, sourceType: "web", sourceUrl: page.url.href });
      await ctx.storage.put(row.location, body.buffer as ArrayBuffer, "text/html; charset=utf-8");
      await insertDocuments(ctx, dataset.id, [row]);
    }
    pages++;
    if (next.depth < message.maxDepth) {
      for (const link of links) {
        if (!seen.has(link)) {
          seen.add(link);
          queue.push({ url: new URL(link), depth: next.depth + 1 });
        }
      }
    }
  }

  const summary = `Crawled ${pages} page(s) from ${startUrl.href}.${errors.length ? ` Skipped: ${errors.slice(0, 5).join("; ")}` : ""}`;
  await setStartDocument(
    ctx,
    message,
    pages > 0 ? { run: "0", progressMsg: summary } : { run: "4", progress: -1, progressMsg: `Crawl failed. ${errors.join("; ")}` },
  );
  return { pages };
};

// After the last retry the start document must not stay "running".
export const failCrawl = async (deps: Deps, message: CrawlMessage, reason: string) => {
  await deps.db
    .update(documents)
    .set({ run: "4", progress: -1, progressMsg: `Crawl failed: ${reason}`, updateTime: nowMs() })
    .where(and(eq(documents.id, message.documentId), eq(documents.tenantId, message.tenantId)));
};
