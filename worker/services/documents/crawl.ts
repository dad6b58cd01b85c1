import { and, eq } from "drizzle-orm";
import { documents, RUN } from "../../db/schema";
import { nowMs } from "../../lib/time";
import { nextFreeName } from "../../lib/unique-name";
import type { CrawlMessage } from "../../platform/queue";
import type { Deps, ServiceContext } from "../context";
import { crawlSite, pageName } from "../crawl/crawl-site";
import { takenDocumentNames } from "../scope/documents";
import { newDocumentRow } from "./new-document";
import { recordDocumentLogById } from "../ingestion-logs/record";
import { insertDocuments } from "./upload";

const setStartDocument = (
  ctx: ServiceContext,
  message: CrawlMessage,
  changes: Partial<typeof documents.$inferInsert>,
) =>
  ctx.db
    .update(documents)
    .set({ ...changes, updateTime: nowMs() })
    .where(and(eq(documents.id, message.documentId), eq(documents.tenantId, message.tenantId)));

// The start page fills the requested document;
// every further page becomes a document of its own in the same dataset.
export const runCrawl = async (deps: Deps, message: CrawlMessage) => {
  const ctx: ServiceContext = {
    ...deps,
    actor: { userId: message.userId, tenantId: message.tenantId, role: "normal", via: "job", sessionId: null },
  };
  const start = await ctx.db.query.documents.findFirst({ where: eq(documents.id, message.documentId) });
  if (!start) return { pages: 0 };
  const dataset = await ctx.db.query.datasets.findFirst({
    where: (t, { eq: equals }) => equals(t.id, message.datasetId),
  });
  if (!dataset) return { pages: 0 };

  const taken = await takenDocumentNames(ctx, message.datasetId);
  const { pages, errors, startUrl } = await crawlSite(ctx, message, async (page, index) => {
    if (index === 0) {
      await ctx.storage.put(start.location, page.bytes.buffer as ArrayBuffer, "text/html; charset=utf-8");
      await setStartDocument(ctx, message, { size: page.bytes.byteLength });
      return;
    }
    const name = nextFreeName(pageName(page.title, page.url), taken, true);
    taken.push(name);
    const row = newDocumentRow(ctx, dataset, {
      name,
      size: page.bytes.byteLength,
      sourceType: "web",
      sourceUrl: page.url.href,
    });
    await ctx.storage.put(row.location, page.bytes.buffer as ArrayBuffer, "text/html; charset=utf-8");
    await insertDocuments(ctx, dataset.id, [row]);
  });

  const summary = `Crawled ${pages} page(s) from ${startUrl.href}.${errors.length ? ` Skipped: ${errors.slice(0, 5).join("; ")}` : ""}`;
  await setStartDocument(
    ctx,
    message,
    pages > 0
      ? { run: RUN.unstart, progressMsg: summary }
      : { run: RUN.fail, progress: -1, progressMsg: `Crawl failed. ${errors.join("; ")}` },
  );
  await recordDocumentLogById(deps, message.documentId, "Download", pages > 0 ? RUN.done : RUN.fail);
  return { pages };
};

// After the last retry the start document must not stay "running".
export const failCrawl = async (deps: Deps, message: CrawlMessage, reason: string) => {
  await deps.db
    .update(documents)
    .set({ run: RUN.fail, progress: -1, progressMsg: `Crawl failed: ${reason}`, updateTime: nowMs() })
    .where(and(eq(documents.id, message.documentId), eq(documents.tenantId, message.tenantId)));
  await recordDocumentLogById(deps, message.documentId, "Download", RUN.fail);
};
