import { and, eq, ne } from "drizzle-orm";
import { extensionOf, type UpdateDocumentInput } from "../../contract/documents";
import { deepMergeConfig, initialParserConfig, patchParserConfig } from "../../contract/parser-config";
import { documents, type DocumentRow, RUN } from "../../db/schema";
import { argumentError, dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { getDocumentInDataset } from "../scope/documents";
import { toDocument } from "./serialize";

const assertRenameAllowed = async (ctx: ServiceContext, doc: DocumentRow, name: string) => {
  if (extensionOf(name) !== extensionOf(doc.name)) throw argumentError("The extension of file can't be changed");
  if (name === "") throw argumentError("File name can't be empty.");
  const clash = await ctx.db.query.documents.findFirst({
    where: and(
      eq(documents.datasetId, doc.datasetId),
      eq(documents.nameKey, name.toLowerCase()),
      ne(documents.id, doc.id),
    ),
  });
  if (clash) throw dataError("Duplicated document name in the same dataset.");
};

// A new chunk method or parser config makes the old parse result stale: the document goes back to UNSTART.
const parsingReset = (doc: DocumentRow, input: UpdateDocumentInput): Partial<DocumentRow> => {
  const method = input.chunk_method || undefined;
  const methodChanged = method !== undefined && method !== doc.parserId;
  if (!methodChanged && !input.parser_config) return {};
  // RAGFlow v0.27: the given config, or without one the method's defaults, patches the stored one
  const given = input.parser_config && Object.keys(input.parser_config).length > 0 ? input.parser_config : undefined;
  const parserConfig = given
    ? patchParserConfig(doc.parserConfig, given)
    : method && deepMergeConfig(doc.parserConfig, initialParserConfig(method));
  return {
    parserId: method ?? doc.parserId,
    parserConfig: parserConfig || undefined,
    ...(methodChanged ? { run: RUN.unstart, progress: 0, progressMsg: "", processDuration: 0 } : {}),
  };
};

// RAGFlow's immutable fields: sending the stored value back is fine, another one is refused.
const assertUnchangedCounts = (doc: DocumentRow, input: UpdateDocumentInput) => {
  if (input.chunk_count !== undefined && input.chunk_count !== doc.chunkNum)
    throw dataError("can't change `chunk_count`");
  if (input.token_count !== undefined && input.token_count !== doc.tokenNum)
    throw dataError("can't change `token_count`");
  if (input.progress !== undefined && Math.abs(input.progress - doc.progress) > 1e-9)
    throw dataError("can't change `progress`");
};

export const updateDocument = async (
  ctx: ServiceContext,
  datasetId: string,
  documentId: string,
  input: UpdateDocumentInput,
) => {
  // RAGFlow v0.27's PATCH names neither id
  await getDatasetInTenant(ctx, datasetId, "you don't own the dataset");
  const doc = await getDocumentInDataset(ctx, datasetId, documentId, "the dataset doesn't own the document");
  assertUnchangedCounts(doc, input);
  if (input.chunk_method === "") throw dataError("`chunk_method` (empty string) is not valid");
  if (input.name !== undefined && input.name !== doc.name) await assertRenameAllowed(ctx, doc, input.name);
  const [row] = await ctx.db
    .update(documents)
    .set({
      name: input.name,
      nameKey: input.name?.toLowerCase(),
      metaFields: input.meta_fields,
      enabled: input.enabled === undefined ? undefined : input.enabled === 1,
      ...parsingReset(doc, input),
      updateTime: nowMs(),
    })
    .where(eq(documents.id, doc.id))
    .returning();
  if (!row) throw dataError("the dataset doesn't own the document");
  return toDocument(row);
};
