import type { ImportWebInput } from "../../contract/files";
import { argumentError, dataError } from "../../lib/errors";
import { checkOutboundUrl } from "../../lib/url-guard";
import type { ServiceContext } from "../context";
import { crawlSite, pageName } from "../crawl/crawl-site";
import { type StoredFile, storeFiles } from "./upload";
import { targetFolder } from "./internal";

// The knowledge bases' crawler, run while the request waits: each page becomes an HTML file in the folder.
export const importWebsite = async (ctx: ServiceContext, input: ImportWebInput) => {
  const check = checkOutboundUrl(input.url, ctx.config.allowPrivateFetch);
  if (!check.ok) throw argumentError(check.reason);
  const folder = await targetFolder(ctx, input.parent_id);
  const pages: StoredFile[] = [];
  const { errors } = await crawlSite(
    ctx,
    { url: check.url.href, maxDepth: input.max_depth, maxPages: input.max_pages },
    async (page) => {
      pages.push({
        name: pageName(page.title, page.url),
        bytes: page.bytes.buffer as ArrayBuffer,
        contentType: "text/html; charset=utf-8",
        sourceType: "web",
        sourceUrl: page.url.href,
      });
    },
  );
  if (pages.length === 0) throw dataError(`Nothing was imported from ${check.url.href}. ${errors.join("; ")}`.trim());
  return { files: await storeFiles(ctx, folder.id, pages), skipped: errors };
};
