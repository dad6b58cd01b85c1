import type { FileEntry, LinkedDataset } from "../../contract/files";
import type { DatasetRow, DocumentRow, FileRow } from "../../db/schema";
import { FOLDER } from "./internal";

export const toFileEntry = (row: FileRow, kbs: LinkedDataset[] = []): FileEntry => ({
  id: row.id,
  parent_id: row.parentId,
  tenant_id: row.tenantId,
  created_by: row.createdBy,
  name: row.name,
  size: row.size,
  type: row.type,
  source_type: row.sourceType,
  source_url: row.sourceUrl,
  create_time: row.createTime,
  update_time: row.updateTime,
  kbs_info: kbs,
  readonly: row.sourceType === "knowledgebase",
});

// ".knowledgebase" shows each dataset as a folder and the dataset's own uploads as its files.
export const datasetAsFolder = (dataset: DatasetRow, parentId: string): FileEntry => ({
  id: dataset.id,
  parent_id: parentId,
  tenant_id: dataset.tenantId,
  created_by: dataset.createdBy,
  name: dataset.name,
  size: 0,
  type: FOLDER,
  source_type: "knowledgebase",
  source_url: null,
  create_time: dataset.createTime,
  update_time: dataset.updateTime,
  kbs_info: [{ kb_id: dataset.id, kb_name: dataset.name, doc_id: "" }],
  readonly: true,
});

export const documentAsFile = (doc: DocumentRow, dataset: DatasetRow): FileEntry => ({
  id: doc.id,
  parent_id: dataset.id,
  tenant_id: doc.tenantId,
  created_by: doc.createdBy,
  name: doc.name,
  size: doc.size,
  type: doc.type,
  source_type: "knowledgebase",
  source_url: doc.sourceUrl,
  create_time: doc.createTime,
  update_time: doc.updateTime,
  kbs_info: [{ kb_id: dataset.id, kb_name: dataset.name, doc_id: doc.id }],
  readonly: true,
});
