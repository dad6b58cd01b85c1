import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { extensionOf, UPLOAD_EXTENSIONS, type UploadExtension } from "../../contract/documents";
import { KNOWLEDGEBASE_FOLDER } from "../../contract/files";
import { files, type FileRow } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";

export const FOLDER = "folder";

export const fileKey = (tenantId: string, fileId: string) => `${tenantId}/files/${fileId}`;

export const fileTypeOf = (name: string) => UPLOAD_EXTENSIONS[extensionOf(name) as UploadExtension] ?? "other";

export const isFolder = (row: Pick<FileRow, "type">) => row.type === FOLDER;

export const newFileRow = (
  ctx: ServiceContext,
  parentId: string,
  entry: Partial<FileRow> & Pick<FileRow, "name" | "type">,
): FileRow => {
  const now = nowMs();
  const id = entry.id ?? newId();
  return {
    id,
    tenantId: ctx.actor.tenantId,
    parentId,
    createdBy: ctx.actor.userId,
    nameKey: entry.name.toLowerCase(),
    size: 0,
    location: "",
    sourceType: "",
    sourceUrl: null,
    createTime: now,
    updateTime: now,
    ...entry,
  };
};

// The root folder has the tenant's id (so two first requests cannot create two roots) and points to itself;
// ".knowledgebase" is made with it.
export const rootFolder = async (ctx: ServiceContext): Promise<FileRow> => {
  const id = ctx.actor.tenantId;
  const existing = await ctx.db.query.files.findFirst({ where: eq(files.id, id) });
  if (existing) return existing;
  const root = newFileRow(ctx, id, { id, name: "/", type: FOLDER });
  const knowledgebase = newFileRow(ctx, id, { name: KNOWLEDGEBASE_FOLDER, type: FOLDER, sourceType: "knowledgebase" });
  await ctx.db.batch([
    ctx.db.insert(files).values(root).onConflictDoNothing(),
    ctx.db.insert(files).values(knowledgebase).onConflictDoNothing(),
  ]);
  return (await ctx.db.query.files.findFirst({ where: eq(files.id, id) })) as FileRow;
};

export const knowledgebaseFolder = async (ctx: ServiceContext) => {
  const root = await rootFolder(ctx);
  return ctx.db.query.files.findFirst({
    where: and(eq(files.parentId, root.id), eq(files.nameKey, KNOWLEDGEBASE_FOLDER)),
  }) as Promise<FileRow>;
};

export const getFileInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.files.findFirst({
    where: and(eq(files.id, id), eq(files.tenantId, ctx.actor.tenantId)),
  });
  if (!row) throw dataError(`File or folder ${id} not found.`);
  return row;
};

export const getFilesInTenant = async (ctx: ServiceContext, ids: string[]) => {
  const unique = [...new Set(ids)];
  const rows = (
    await Promise.all(
      inChunks(unique, 80).map((part) =>
        ctx.db
          .select()
          .from(files)
          .where(and(eq(files.tenantId, ctx.actor.tenantId), inArray(files.id, part))),
      ),
    )
  ).flat();
  const missing = unique.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) throw dataError(`Files or folders not found: ${missing.join(", ")}`);
  return rows;
};

// A folder to put things into: one of the tenant's own folders (the root when none is given).
export const targetFolder = async (ctx: ServiceContext, parentId: string | undefined) => {
  if (!parentId) return rootFolder(ctx);
  await rootFolder(ctx);
  const folder = await getFileInTenant(ctx, parentId);
  if (!isFolder(folder)) throw dataError(`${folder.name} is not a folder.`);
  if (folder.sourceType === "knowledgebase") throw dataError(`The folder ${KNOWLEDGEBASE_FOLDER} is read-only.`);
  return folder;
};

export const childNames = async (ctx: ServiceContext, parentId: string) => {
  const rows = await ctx.db
    .select({ name: files.name })
    .from(files)
    .where(and(eq(files.parentId, parentId), ne(files.id, parentId)));
  return rows.map((row) => row.name);
};

// Every entry below the given folders (not the folders themselves), in one recursive query.
export const descendantsOf = async (ctx: ServiceContext, folderIds: string[]) => {
  if (folderIds.length === 0) return [];
  return ctx.db.all<{ id: string; type: string; location: string; parent_id: string }>(sql`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM files WHERE parent_id IN (SELECT value FROM json_each(${JSON.stringify(folderIds)})) AND id <> parent_id AND tenant_id = ${ctx.actor.tenantId}
      UNION
      SELECT f.id FROM files f JOIN tree ON f.parent_id = tree.id WHERE f.id <> f.parent_id
    )
    SELECT f.id, f.type, f.location, f.parent_id FROM files f JOIN tree ON f.id = tree.id`);
};

// Root first, the folder itself last.
export const ancestorsOf = async (ctx: ServiceContext, id: string) =>
  ctx.db.all<FileRow>(sql`
    WITH RECURSIVE chain(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM files WHERE id = ${id} AND tenant_id = ${ctx.actor.tenantId}
      UNION ALL
      SELECT f.id, f.parent_id, chain.depth + 1 FROM files f JOIN chain ON f.id = chain.parent_id WHERE chain.id <> chain.parent_id AND chain.depth < 64
    )
    SELECT f.id, f.tenant_id AS tenantId, f.parent_id AS parentId, f.created_by AS createdBy, f.name, f.name_key AS nameKey, f.type,
      f.size, f.location, f.source_type AS sourceType, f.source_url AS sourceUrl, f.create_time AS createTime, f.update_time AS updateTime
    FROM chain JOIN files f ON f.id = chain.id ORDER BY chain.depth DESC`);
