import { and, asc, type Column, count, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { FileListing, ListFilesQuery } from "../../contract/files";
import { datasets, documents, files, type FileRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { visibleDatasets } from "../scope/datasets";
import { FOLDER, rootFolder } from "./internal";
import { linksOf } from "./links";
import { datasetAsFolder, documentAsFile, toFileEntry } from "./serialize";
import { keyContains } from "../../lib/sql-match";

// case-insensitive "contains" on the lower-cased name keys
const nameContains = (column: Column, keywords: string | undefined) => keyContains(column, (keywords ?? "").trim());

const sorted = (column: SQL | Parameters<typeof asc>[0], descending: boolean) =>
  descending ? desc(column) : asc(column);

// Folders first, then the requested order. The internal ".knowledgebase" folder is left out of the root, as in
// RAGFlow: it is reachable by its id (ancestors of a base's own upload), nothing else.
const listFolder = async (ctx: ServiceContext, parent: FileRow, query: ListFilesQuery): Promise<FileListing> => {
  const where = and(
    eq(files.parentId, parent.id),
    ne(files.id, parent.id),
    ne(files.sourceType, "knowledgebase"),
    eq(files.tenantId, ctx.actor.tenantId),
    nameContains(files.nameKey, query.keywords),
  );
  const column = {
    create_time: files.createTime,
    update_time: files.updateTime,
    name: files.nameKey,
    size: files.size,
    type: files.type,
  }[query.orderby];
  const [total, rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(files).where(where),
    ctx.db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(sql`${files.type} = ${FOLDER}`), sorted(column, query.desc), asc(files.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  const links = await linksOf(
    ctx,
    rows.map((row) => row.id),
  );
  return {
    total: total[0]?.n ?? 0,
    files: rows.map((row) => toFileEntry(row, links.get(row.id))),
    parent_folder: toFileEntry(parent),
  };
};

const listDatasets = async (ctx: ServiceContext, folder: FileRow, query: ListFilesQuery): Promise<FileListing> => {
  const where = and(visibleDatasets(ctx), nameContains(datasets.nameKey, query.keywords));
  const column = {
    create_time: datasets.createTime,
    update_time: datasets.updateTime,
    name: datasets.nameKey,
    size: datasets.docNum,
    type: datasets.nameKey,
  }[query.orderby];
  const [total, rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(datasets).where(where),
    ctx.db
      .select()
      .from(datasets)
      .where(where)
      .orderBy(sorted(column, query.desc))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return {
    total: total[0]?.n ?? 0,
    files: rows.map((row) => datasetAsFolder(row, folder.id)),
    parent_folder: toFileEntry(folder),
  };
};

// A dataset's own uploads (documents that link a file of the manager are listed where the file is).
const listDatasetUploads = async (
  ctx: ServiceContext,
  datasetId: string,
  query: ListFilesQuery,
): Promise<FileListing> => {
  const dataset = await ctx.db.query.datasets.findFirst({
    where: and(eq(datasets.id, datasetId), visibleDatasets(ctx)),
  });
  if (!dataset) throw dataError(`File or folder ${datasetId} not found.`);
  const where = and(
    eq(documents.datasetId, dataset.id),
    isNull(documents.fileId),
    nameContains(documents.nameKey, query.keywords),
  );
  const column = {
    create_time: documents.createTime,
    update_time: documents.updateTime,
    name: documents.nameKey,
    size: documents.size,
    type: documents.type,
  }[query.orderby];
  const [total, rows, knowledgebase] = await Promise.all([
    ctx.db.select({ n: count() }).from(documents).where(where),
    ctx.db
      .select()
      .from(documents)
      .where(where)
      .orderBy(sorted(column, query.desc))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.query.files.findFirst({
      where: and(eq(files.tenantId, ctx.actor.tenantId), eq(files.sourceType, "knowledgebase")),
    }),
  ]);
  return {
    total: total[0]?.n ?? 0,
    files: rows.map((row) => documentAsFile(row, dataset)),
    parent_folder: datasetAsFolder(dataset, knowledgebase?.id ?? ""),
  };
};

export const listFiles = async (ctx: ServiceContext, query: ListFilesQuery): Promise<FileListing> => {
  const root = await rootFolder(ctx);
  const parentId = query.parent_id || root.id;
  const parent =
    parentId === root.id
      ? root
      : await ctx.db.query.files.findFirst({
          where: and(eq(files.id, parentId), eq(files.tenantId, ctx.actor.tenantId)),
        });
  if (!parent) return listDatasetUploads(ctx, parentId, query);
  if (parent.type !== FOLDER) throw dataError(`${parent.name} is not a folder.`);
  return parent.sourceType === "knowledgebase" ? listDatasets(ctx, parent, query) : listFolder(ctx, parent, query);
};
