import { PARSE_TYPE } from "../../contract/dataflow";
import type { Dataset, Permission } from "../../contract/datasets";
import type { DatasetRow } from "../../db/schema";
import { httpDate } from "../../lib/time";

export const toDataset = (row: DatasetRow): Dataset => ({
  id: row.id,
  name: row.name,
  avatar: row.avatar,
  description: row.description,
  language: row.language,
  embedding_model: row.embdId,
  permission: row.permission as Permission,
  chunk_method: row.parserId,
  parser_config: row.parserConfig,
  parse_type: row.pipelineId ? PARSE_TYPE.pipeline : PARSE_TYPE.chunkMethod,
  pipeline_id: row.pipelineId,
  pagerank: row.pagerank,
  similarity_threshold: row.similarityThreshold,
  vector_similarity_weight: row.vectorSimilarityWeight,
  chunk_count: row.chunkNum,
  document_count: row.docNum,
  token_num: row.tokenNum,
  status: "1",
  tenant_id: row.tenantId,
  created_by: row.createdBy,
  create_time: row.createTime,
  create_date: httpDate(row.createTime),
  update_time: row.updateTime,
  update_date: httpDate(row.updateTime),
});
