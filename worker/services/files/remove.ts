import { inArray } from "drizzle-orm";
import { KNOWLEDGEBASE_FOLDER } from "../../contract/files";
import { documents, files } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { removeDocuments } from "../documents/remove";
import { descendantsOf, getFilesInTenant, isFolder } from "./internal";

// Deletes files and folders with everything below them; the documents that link them into datasets go too
// (with their chunks). The root and ".knowledgebase" cannot be deleted.
export const removeFiles = async (ctx: ServiceContext, ids: string[]) => {
  const chosen = await getFilesInTenant(ctx, ids);
  for (const row of chosen) {
    if (row.id === row.parentId) throw dataError("The root folder cannot be deleted.");
    if (row.sourceType === "knowledgebase") throw dataError(`The folder ${KNOWLEDGEBASE_FOLDER} is read-only.`);
  }
  const below = await descendantsOf(
    ctx,
    chosen.filter(isFolder).map((row) => row.id),
  );
  const all = [...chosen.map((row) => ({ id: row.id, location: row.location })), ...below];
  const allIds = all.map((row) => row.id);

  const linked = (
    await Promise.all(
      inChunks(allIds, 80).map((part) =>
        ctx.db
          .select({ id: documents.id, datasetId: documents.datasetId })
          .from(documents)
          .where(inArray(documents.fileId, part)),
      ),
    )
  ).flat();
  for (const datasetId of new Set(linked.map((doc) => doc.datasetId))) {
    await removeDocuments(ctx, datasetId, {
      ids: linked.filter((doc) => doc.datasetId === datasetId).map((doc) => doc.id),
      delete_all: false,
    });
  }
  const [first, ...rest] = inChunks(allIds, 80).map((part) => ctx.db.delete(files).where(inArray(files.id, part)));
  if (first) await ctx.db.batch([first, ...rest]);
  const blobs = all.map((row) => row.location).filter(Boolean);
  for (const part of inChunks(blobs, 1000)) await ctx.storage.delete(part);
  return { success_count: chosen.length };
};
