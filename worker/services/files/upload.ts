import { and, eq } from "drizzle-orm";
import { extensionOf } from "../../contract/documents";
import { hasControlCharacter, printableName } from "../../contract/control-characters";
import { FILE_NAME_MAX_BYTES, UPLOAD_FILE_MAX_BYTES, UPLOAD_MAX_FILES, utf8Length } from "../../contract/limits";
import { files, type FileRow } from "../../db/schema";
import { contentTypeFor } from "../../lib/content-types";
import { argumentError, payloadTooLarge } from "../../lib/errors";
import { insertWithFreeNames, nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { childNames, fileKey, fileTypeOf, FOLDER, newFileRow, targetFolder } from "./internal";
import { toFileEntry } from "./serialize";

const MB = 1024 * 1024;

// "docs/2024/report.pdf" → ["docs", "2024", "report.pdf"]; a browser sends a folder upload's relative path as the name.
export const pathSegments = (name: string) => {
  const segments = name
    .split("/")
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    segments.length === 0 ||
    segments.some(
      (part) =>
        part === "." ||
        part === ".." ||
        part.includes("\\") ||
        hasControlCharacter(part) ||
        utf8Length(part) > FILE_NAME_MAX_BYTES,
    )
  ) {
    throw argumentError(`"${printableName(name)}" is not a valid file name.`);
  }
  return segments;
};

export const assertFilesAcceptable = (uploads: File[]) => {
  if (uploads.length === 0) throw argumentError("No file part!");
  if (uploads.length > UPLOAD_MAX_FILES)
    throw payloadTooLarge(`Too many files: ${uploads.length}. At most ${UPLOAD_MAX_FILES} files per upload.`);
  for (const file of uploads) {
    if (!file.name) throw argumentError("No file selected!");
    // nothing to keep or parse; refused here as in a knowledge base's upload
    if (file.size === 0) throw argumentError(`The file "${file.name}" is empty (0 bytes).`);
    if (file.size > UPLOAD_FILE_MAX_BYTES) {
      throw payloadTooLarge(
        `"${file.name}" is ${(file.size / MB).toFixed(1)} MB; each file may be at most ${UPLOAD_FILE_MAX_BYTES / MB} MB.`,
      );
    }
  }
};

const NAME_INDEX = /UNIQUE constraint failed: files\.parent_id, files\.name_key/;

// Resolves (and creates) the sub-folders of upload paths, reusing folders that exist by name. Parallel uploads
// of one folder race to create its sub-folders: the loser takes the winner's folder.
const folderResolver = (ctx: ServiceContext, created: FileRow[]) => {
  const known = new Map<string, string>();
  const findChild = (parentId: string, name: string) =>
    ctx.db.query.files.findFirst({ where: and(eq(files.parentId, parentId), eq(files.nameKey, name.toLowerCase())) });
  return async (parentId: string, name: string) => {
    const key = `${parentId}/${name.toLowerCase()}`;
    const cached = known.get(key);
    if (cached) return cached;
    let found = await findChild(parentId, name);
    if (!found) {
      const folder = newFileRow(ctx, parentId, { name, type: FOLDER });
      await ctx.db.insert(files).values(folder).onConflictDoNothing();
      found = await findChild(parentId, name);
      if (found?.id === folder.id) created.push(folder);
    }
    if (!found || found.type !== FOLDER) {
      // a file holds the name: the folder gets "name(1)"
      found = newFileRow(ctx, parentId, { name: nextFreeName(name, await childNames(ctx, parentId)), type: FOLDER });
      await ctx.db.insert(files).values(found);
      created.push(found);
    }
    known.set(key, found.id);
    return found.id;
  };
};

export type StoredFile = {
  name: string;
  bytes: ArrayBuffer;
  contentType?: string;
  sourceType?: FileRow["sourceType"];
  sourceUrl?: string | null;
};

// Names in the target folders, picked so they do not clash ("a(1).txt"), for rows whose ids stay fixed.
const withFreeNames = async (ctx: ServiceContext, rows: FileRow[]) => {
  const taken = new Map<string, string[]>();
  const named: FileRow[] = [];
  for (const row of rows) {
    const names = taken.get(row.parentId) ?? (await childNames(ctx, row.parentId));
    const name = nextFreeName(row.name, names, true);
    taken.set(row.parentId, [...names, name]);
    named.push({ ...row, name, nameKey: name.toLowerCase() });
  }
  return named;
};

// Stores blobs first, then the rows in one batch (names picked again if a parallel upload took one); if the
// rows cannot be written the blobs are removed again.
export const storeFiles = async (ctx: ServiceContext, parentId: string | undefined, uploads: StoredFile[]) => {
  const parent = await targetFolder(ctx, parentId);
  const createdFolders: FileRow[] = [];
  const resolveFolder = folderResolver(ctx, createdFolders);
  const wanted: FileRow[] = [];
  for (const upload of uploads) {
    const segments = pathSegments(upload.name);
    let folderId = parent.id;
    for (const folder of segments.slice(0, -1)) folderId = await resolveFolder(folderId, folder);
    const name = segments.at(-1) as string;
    const row = newFileRow(ctx, folderId, {
      name,
      type: fileTypeOf(name),
      size: upload.bytes.byteLength,
      sourceType: upload.sourceType ?? "",
      sourceUrl: upload.sourceUrl ?? null,
    });
    wanted.push({ ...row, location: fileKey(ctx.actor.tenantId, row.id) });
  }
  await Promise.all(
    wanted.map((row, i) =>
      ctx.storage.put(
        row.location,
        uploads[i]?.bytes as ArrayBuffer,
        uploads[i]?.contentType ?? contentTypeFor(extensionOf(row.name)),
      ),
    ),
  );
  try {
    const rows = await insertWithFreeNames(NAME_INDEX, async () => {
      const named = await withFreeNames(ctx, wanted);
      const [first, ...rest] = named.map((row) => ctx.db.insert(files).values(row));
      if (first) await ctx.db.batch([first, ...rest]);
      return named;
    });
    return [...createdFolders, ...rows].map((row) => toFileEntry(row));
  } catch (error) {
    await ctx.storage.delete(wanted.map((row) => row.location));
    throw error;
  }
};

export const uploadFiles = async (ctx: ServiceContext, parentId: string | undefined, uploads: File[]) => {
  assertFilesAcceptable(uploads);
  return storeFiles(
    ctx,
    parentId,
    await Promise.all(
      uploads.map(async (file) => ({
        name: file.name,
        bytes: await file.arrayBuffer(),
        contentType: file.type || undefined,
      })),
    ),
  );
};
