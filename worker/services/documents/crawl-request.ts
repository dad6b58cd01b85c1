import type { CrawlRequest } from "../../contract/documents";
import { RUN } from "../../db/schema";
import { argumentError } from "../../lib/errors";
import { checkOutboundUrl } from "../../lib/url-guard";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { takenDocumentNames } from "../scope/documents";
import { newDocumentRow } from "./new-document";
import { toDocument } from "./serialize";
import { insertDocuments } from "./upload";
import { nextFreeName } from "../../lib/unique-name";

const withHtmlExtension = (name: string) => (/\.html?$/i.test(name) ? name : `${name}.html`);

// Creates the document for the start page and queues the crawl; the queue consumer fetches the pages.
export const requestCrawl = async (ctx: ServiceContext, datasetId: string, input: CrawlRequest) => {
  const check = checkOutboundUrl(input.url, ctx.config.allowPrivateFetch);
  if (!check.ok) throw argumentError(check.reason);
  const dataset = await getDatasetInTenant(ctx, datasetId);
  const name = nextFreeName(withHtmlExtension(input.name), await takenDocumentNames(ctx, datasetId), true);
  const row = {
    ...newDocumentRow(ctx, dataset, { name, size: 0, sourceType: "web", sourceUrl: check.url.href }),
    run: RUN.running,
    progressMsg: `Queued: crawl ${check.url.href} (depth ${input.max_depth}, up to ${input.max_pages} pages)`,
  };
  await insertDocuments(ctx, datasetId, [row]);
  await ctx.queue.send({
    type: "crawl",
    tenantId: ctx.actor.tenantId,
    userId: ctx.actor.userId,
    datasetId,
    documentId: row.id,
    url: check.url.href,
    maxDepth: input.max_depth,
    maxPages: input.max_pages,
  });
  return [toDocument(row)];
};
