import { and, eq, inArray } from "drizzle-orm";
import { KNOWLEDGEBASE_FOLDER } from "../../contract/files";
import { documents, type FileRow, files } from "../../db/schema";
import { inChunks, rowsInChunks } from "../../lib/batches";
import { bulkError, bulkReport } from "../../lib/bulk-report";
import type { ServiceContext } from "../context";
import { removeDocuments } from "../documents/remove";
import { descendantsOf, isFolder } from "./internal";

const refusal = (row: FileRow) => {
  if (row.id === row.parentId) return "The root folder cannot be deleted.";
  if (row.sourceType === "knowledgebase") return `The folder ${KNOWLEDGEBASE_FOLDER} is read-only.`;
  return null;
};

// Deletes files and folders with everything below them; the documents that link them into datasets go too
// (with their chunks). The root and ".knowledgebase" cannot be deleted. As in RAGFlow's delete_files, the other ids
// are still deleted and the request fails naming the ones that could not be, with what was done.
export const removeFiles = async (ctx: ServiceContext, ids: string[]) => {
  const unique = [...new Set(ids)];
  const rows = await rowsInChunks(unique, (part) =>
    ctx.db
      .select()
      .from(files)
      .where(and(eq(files.tenantId, ctx.actor.tenantId), inArray(files.id, part))),
  );
  const found = new Set(rows.map((row) => row.id));
  const errors = [
    ...unique.filter((id) => !found.has(id)).map((id) => `File or Folder not found: ${id}`),
    ...rows.map(refusal).filter((error) => error !== null),
  ];
  const chosen = rows.filter((row) => refusal(row) === null);
  if (chosen.length === 0) throw bulkError(`Deleted files failed with ${errors.length} errors`, 0, errors);
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
  if (errors.length > 0) {
    throw bulkError(`Partially deleted ${chosen.length} files with ${errors.length} errors`, chosen.length, errors);
  }
  return bulkReport(chosen.length, errors);
};
