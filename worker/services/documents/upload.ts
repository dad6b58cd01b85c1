import { eq, sql } from "drizzle-orm";
import { extensionOf, isUploadable, UPLOAD_EXTENSIONS } from "../../contract/documents";
import { hasControlCharacter, printableName } from "../../contract/control-characters";
import {
  FILE_NAME_MAX_BYTES,
  FILE_NAME_TOO_LONG,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_MAX_FILES,
  utf8Length,
} from "../../contract/limits";
import { datasets, documents, type DocumentRow } from "../../db/schema";
import { contentTypeFor } from "../../lib/content-types";
import { AppError, argumentError, payloadTooLarge, RetCode } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { insertWithFreeNames, nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { takenDocumentNames } from "../scope/documents";
import { newDocumentRow } from "./new-document";
import { toDocument } from "./serialize";

const ALLOWED = Object.keys(UPLOAD_EXTENSIONS).join(", ");
const MB = 1024 * 1024;
const NAME_INDEX = /UNIQUE constraint failed: documents\.dataset_id, documents\.name_key/;

const typeNotAllowed = (name: string) =>
  argumentError(`The file type of "${name}" is not supported. Allowed: ${ALLOWED}.`);

// A dataset upload answers RAGFlow's line and code for it (500 in the body, HTTP 200)
const typeNotParsed = (name: string) =>
  new AppError(RetCode.SERVER_ERROR, `${name}: This type of file has not been supported yet!`);

export const assertUploadable = (files: File[], unsupportedType = typeNotAllowed) => {
  if (files.length === 0) throw argumentError("No file part!");
  if (files.length > UPLOAD_MAX_FILES) {
    throw payloadTooLarge(`Too many files: ${files.length}. At most ${UPLOAD_MAX_FILES} files per upload.`);
  }
  for (const file of files) {
    if (!file.name) throw argumentError("No file selected!");
    if (hasControlCharacter(file.name)) {
      throw argumentError(`The file name "${printableName(file.name)}" contains control characters.`);
    }
    if (utf8Length(file.name) > FILE_NAME_MAX_BYTES) throw argumentError(FILE_NAME_TOO_LONG);
    if (!isUploadable(file.name)) throw unsupportedType(file.name);
    if (file.size > UPLOAD_FILE_MAX_BYTES) {
      throw payloadTooLarge(
        `"${file.name}" is ${(file.size / MB).toFixed(1)} MB; each file may be at most ${UPLOAD_FILE_MAX_BYTES / MB} MB.`,
      );
    }
  }
};

export const insertDocuments = async (ctx: ServiceContext, datasetId: string, rows: DocumentRow[]) => {
  const [first, ...rest] = rows.map((row) => ctx.db.insert(documents).values(row));
  if (!first) return;
  await ctx.db.batch([
    first,
    ...rest,
    ctx.db
      .update(datasets)
      .set({ docNum: sql`${datasets.docNum} + ${rows.length}`, updateTime: nowMs() })
      .where(eq(datasets.id, datasetId)),
  ]);
};

// Blobs first, then all rows in one batch; if the batch fails the blobs are removed again.
// A 0-byte file has nothing to parse: refused at upload rather than failing later in the queue.
const assertNotEmpty = (files: File[]) => {
  const empty = files.find((file) => file.size === 0);
  if (empty) throw argumentError(`The file "${empty.name}" is empty (0 bytes).`);
};

export const uploadDocuments = async (ctx: ServiceContext, datasetId: string, files: File[]) => {
  assertUploadable(files, typeNotParsed);
  assertNotEmpty(files);
  // RAGFlow's upload_document words an unknown dataset its own way
  const dataset = await getDatasetInTenant(ctx, datasetId, `Can't find the dataset with ID ${datasetId}!`);
  const rows = files.map((file) =>
    newDocumentRow(ctx, dataset, { name: file.name, size: file.size, sourceType: "local" }),
  );
  const stored = await Promise.allSettled(
    rows.map(async (row, i) =>
      ctx.storage.put(row.location, await (files[i] as File).arrayBuffer(), contentTypeFor(extensionOf(row.name))),
    ),
  );
  try {
    const failed = stored.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    await insertWithUniqueNames(ctx, datasetId, rows);
  } catch (error) {
    await ctx.storage.delete(rows.map((row) => row.location));
    throw error;
  }
  return rows.map(toDocument);
};

const insertWithUniqueNames = async (ctx: ServiceContext, datasetId: string, rows: DocumentRow[]) => {
  const wanted = rows.map((row) => row.name);
  await insertWithFreeNames(NAME_INDEX, async () => {
    const taken = await takenDocumentNames(ctx, datasetId);
    rows.forEach((row, i) => {
      row.name = nextFreeName(wanted[i] as string, taken, true);
      row.nameKey = row.name.toLowerCase();
      taken.push(row.name);
    });
    await insertDocuments(ctx, datasetId, rows);
  });
};
