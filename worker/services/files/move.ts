import { eq, inArray } from "drizzle-orm";
import { extensionOf } from "../../contract/documents";
import { KNOWLEDGEBASE_FOLDER, type MoveFilesInput } from "../../contract/files";
import { documents, files, type FileRow } from "../../db/schema";
import { argumentError, dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { ancestorsOf, childNames, getFilesInTenant, isFolder, targetFolder } from "./internal";
import { toFileEntry } from "./serialize";
import { eachChunk } from "../../lib/batches";

const assertMovable = (row: FileRow) => {
  if (row.id === row.parentId) throw dataError("The root folder cannot be moved or renamed.");
  if (row.sourceType === "knowledgebase") throw dataError(`The folder ${KNOWLEDGEBASE_FOLDER} is read-only.`);
};

// Renames (in place, or while moving one entry); a file keeps its extension, and the documents that link
// it are renamed too.
const rename = async (ctx: ServiceContext, row: FileRow, newName: string, destinationId: string) => {
  assertMovable(row);
  if (!isFolder(row) && extensionOf(newName) !== extensionOf(row.name))
    throw argumentError("The extension of file can't be changed");
  if (destinationId !== row.parentId) await assertDestination(ctx, [row], destinationId);
  const clash = (await childNames(ctx, destinationId)).some(
    (name) => name.toLowerCase() === newName.toLowerCase() && !(name === row.name && destinationId === row.parentId),
  );
  if (clash) throw dataError(`Duplicated name in the same folder: ${newName}`);
  const now = nowMs();
  const renamed = { ...row, parentId: destinationId, name: newName, nameKey: newName.toLowerCase(), updateTime: now };
  await ctx.db.batch([
    ctx.db
      .update(files)
      .set({ parentId: destinationId, name: newName, nameKey: renamed.nameKey, updateTime: now })
      .where(eq(files.id, row.id)),
    ctx.db
      .update(documents)
      .set({ name: newName, nameKey: renamed.nameKey, updateTime: now })
      .where(eq(documents.fileId, row.id)),
  ]);
  return [toFileEntry(renamed)];
};

const assertDestination = async (ctx: ServiceContext, rows: FileRow[], destinationId: string | undefined) => {
  const destination = await targetFolder(ctx, destinationId);
  const chain = new Set((await ancestorsOf(ctx, destination.id)).map((folder) => folder.id));
  for (const row of rows) {
    assertMovable(row);
    if (chain.has(row.id)) throw dataError(`${row.name} cannot be moved into itself or one of its sub-folders.`);
  }
  return destination;
};

// Moves into a folder; refused as a whole when a folder would go into itself or a name is taken there.
const move = async (ctx: ServiceContext, rows: FileRow[], destinationId: string | undefined) => {
  const destination = await assertDestination(ctx, rows, destinationId);
  const taken = new Set((await childNames(ctx, destination.id)).map((name) => name.toLowerCase()));
  for (const row of rows) {
    if (row.parentId === destination.id) continue;
    if (taken.has(row.nameKey))
      throw dataError(
        `${destination.name === "/" ? "The root folder" : destination.name} already has an entry named ${row.name}.`,
      );
    taken.add(row.nameKey);
  }
  const moving = rows.filter((row) => row.parentId !== destination.id).map((row) => row.id);
  const now = nowMs();
  await eachChunk(moving, (part) =>
    ctx.db.update(files).set({ parentId: destination.id, updateTime: now }).where(inArray(files.id, part)),
  );
  return rows.map((row) => toFileEntry({ ...row, parentId: destination.id }));
};

export const moveFiles = async (ctx: ServiceContext, input: MoveFilesInput) => {
  const rows = await getFilesInTenant(ctx, input.src_file_ids);
  if (input.new_name !== undefined) {
    if (rows.length !== 1) throw argumentError("Rename one file at a time.");
    const [row] = rows as [FileRow];
    return rename(ctx, row, input.new_name, input.dest_file_id ?? row.parentId);
  }
  if (!input.dest_file_id) throw argumentError("dest_file_id is required to move files.");
  return move(ctx, rows, input.dest_file_id);
};
