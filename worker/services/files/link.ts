import { and, eq, inArray } from "drizzle-orm";
import { isUploadable } from "../../contract/documents";
import { KNOWLEDGEBASE_FOLDER, type LinkFilesInput } from "../../contract/files";
import { type DatasetRow, documents, files, type FileRow } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { takenDocumentNames } from "../scope/documents";
import { newDocumentRow } from "../documents/new-document";
import { insertDocuments } from "../documents/upload";
import { startParsing } from "../ingestion/start";
import { descendantsOf, getFilesInTenant, isFolder } from "./internal";

const linkable = (row: FileRow) =>
  !isFolder(row) && row.type !== "virtual" && Boolean(row.location) && isUploadable(row.name);

// Chosen files must be parseable; files found inside chosen folders that are not are skipped (and named).
const expandToFiles = async (ctx: ServiceContext, chosen: FileRow[]) => {
  for (const row of chosen) {
    if (row.sourceType === "knowledgebase") throw dataError(`The folder ${KNOWLEDGEBASE_FOLDER} is read-only.`);
    if (!isFolder(row) && !linkable(row))
      throw dataError(`${row.name} cannot be added to a knowledge base: its file type cannot be parsed.`);
  }
  const below = await descendantsOf(
    ctx,
    chosen.filter(isFolder).map((row) => row.id),
  );
  const leafIds = below.filter((row) => !isFolder(row)).map((row) => row.id);
  const nested = (
    await Promise.all(inChunks(leafIds, 80).map((part) => ctx.db.select().from(files).where(inArray(files.id, part))))
  ).flat();
  const leaves = [...chosen.filter((row) => !isFolder(row)), ...nested];
  return { leaves: leaves.filter(linkable), skipped: leaves.filter((row) => !linkable(row)).map((row) => row.name) };
};

const linkInto = async (ctx: ServiceContext, dataset: DatasetRow, leaves: FileRow[]) => {
  const existing = new Set(
    (
      await Promise.all(
        inChunks(
          leaves.map((row) => row.id),
          80,
        ).map((part) =>
          ctx.db
            .select({ fileId: documents.fileId })
            .from(documents)
            .where(and(inArray(documents.fileId, part), eq(documents.datasetId, dataset.id))),
        ),
      )
    )
      .flat()
      .map((row) => row.fileId),
  );
  const taken = await takenDocumentNames(ctx, dataset.id);
  const rows = leaves
    .filter((file) => !existing.has(file.id))
    .map((file) => {
      const name = nextFreeName(file.name, taken, true);
      taken.push(name);
      return newDocumentRow(ctx, dataset, {
        name,
        size: file.size,
        sourceType: "local",
        file: { id: file.id, location: file.location },
      });
    });
  if (rows.length === 0) return [];
  await insertDocuments(ctx, dataset.id, rows);
  await startParsing(
    ctx,
    dataset.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ file_id: row.fileId as string, kb_id: dataset.id, doc_id: row.id }));
};

// Each link is a new document reading the file's blob (no copy), queued for parsing. Links that exist stay as
// they are: linking into another dataset never touches the documents and chunks of the first.
export const linkFilesToDatasets = async (ctx: ServiceContext, input: LinkFilesInput) => {
  const chosen = await getFilesInTenant(ctx, input.file_ids);
  const targets = await Promise.all([...new Set(input.kb_ids)].map((id) => getDatasetInTenant(ctx, id)));
  const { leaves, skipped } = await expandToFiles(ctx, chosen);
  if (leaves.length === 0)
    throw dataError("There is no file to add: the chosen folders hold no file that can be parsed.");
  const linked = [];
  for (const dataset of targets) linked.push(...(await linkInto(ctx, dataset, leaves)));
  return { linked, skipped };
};
