import { type DocumentType, extensionOf, UPLOAD_EXTENSIONS, type UploadExtension } from "../../contract/documents";
import type { ChunkMethod } from "../../contract/parser-config";
import { type DatasetRow, type DocumentRow, RUN } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { documentKey } from "../scope/storage-keys";

// Like RAGFlow: pictures, recordings, slides and e-mails get their own chunk method whatever the dataset's default.
const methodFor = (extension: string, datasetMethod: ChunkMethod): ChunkMethod => {
  const type = UPLOAD_EXTENSIONS[extension as UploadExtension];
  if (type === "visual") return "picture";
  if (type === "aural") return "audio";
  if (extension === "pptx") return "presentation";
  if (extension === "eml") return "email";
  return datasetMethod;
};

type NewDocument = {
  name: string;
  size: number;
  sourceType: DocumentRow["sourceType"];
  sourceUrl?: string | null;
  virtual?: boolean;
  // a file of the file manager: the document reads the file's blob instead of a copy
  file?: { id: string; location: string };
};

export const newDocumentRow = (ctx: ServiceContext, dataset: DatasetRow, doc: NewDocument): DocumentRow => {
  const id = newId();
  const extension = extensionOf(doc.name);
  const now = nowMs();
  const type: DocumentType = doc.virtual ? "virtual" : (UPLOAD_EXTENSIONS[extension as UploadExtension] ?? "doc");
  return {
    id,
    datasetId: dataset.id,
    tenantId: dataset.tenantId,
    createdBy: ctx.actor.userId,
    name: doc.name,
    nameKey: doc.name.toLowerCase(),
    location: doc.file?.location ?? documentKey(dataset.tenantId, dataset.id, id),
    size: doc.size,
    type,
    suffix: extension,
    sourceType: doc.sourceType,
    sourceUrl: doc.sourceUrl ?? null,
    fileId: doc.file?.id ?? null,
    parserId: methodFor(extension, dataset.parserId),
    parserConfig: structuredClone(dataset.parserConfig),
    run: RUN.unstart,
    enabled: true,
    progress: 0,
    progressMsg: "",
    processBeginAt: null,
    processDuration: 0,
    chunkNum: 0,
    tokenNum: 0,
    metaFields: {},
    createTime: now,
    updateTime: now,
  };
};
