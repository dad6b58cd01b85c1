import { and, eq, isNull } from "drizzle-orm";
import { extensionOf } from "../../contract/documents";
import { documents, files } from "../../db/schema";
import { contentTypeFor } from "../../lib/content-types";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { isFolder } from "./internal";

const empty = (name: string) => ({
  name,
  body: new Blob([]).stream(),
  size: 0,
  contentType: contentTypeFor(extensionOf(name)),
});

// A file of the manager, or a dataset's own upload shown under ".knowledgebase".
export const downloadFile = async (ctx: ServiceContext, id: string) => {
  const tenantId = ctx.actor.tenantId;
  const file = await ctx.db.query.files.findFirst({ where: and(eq(files.id, id), eq(files.tenantId, tenantId)) });
  const doc = file
    ? null
    : await ctx.db.query.documents.findFirst({
        where: and(eq(documents.id, id), eq(documents.tenantId, tenantId), isNull(documents.fileId)),
      });
  if (doc) await getDatasetInTenant(ctx, doc.datasetId);
  const entry = file ?? (doc ? { name: doc.name, location: doc.location, type: doc.type } : null);
  if (!entry) throw dataError(`File or folder ${id} not found.`);
  if (isFolder(entry)) throw dataError(`${entry.name} is a folder; download its files one by one.`);
  if (!entry.location) return empty(entry.name);
  const blob = await ctx.storage.get(entry.location);
  if (!blob) {
    if (entry.type === "virtual") return empty(entry.name);
    throw dataError("Error downloading file, try again later");
  }
  return {
    name: entry.name,
    body: blob.body,
    size: blob.size,
    contentType: blob.contentType ?? contentTypeFor(extensionOf(entry.name)),
  };
};
