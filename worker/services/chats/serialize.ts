import { type Chat, DEFAULT_DESIGN, type Session } from "../../contract/chats";
import type { ConversationRow, DialogRow } from "../../db/schema";
import { httpDate } from "../../lib/time";

// A chat is RAGFlow's dialog row as stored, plus `dataset_ids` / `kb_names` and Buddy's design settings.
export const toChat = (row: DialogRow, kbNames: string[]): Chat => ({
  id: row.id,
  tenant_id: row.tenantId,
  name: row.name,
  icon: row.icon,
  avatar: row.icon,
  description: row.description,
  language: row.language,
  dataset_ids: row.datasetIds,
  kb_ids: row.datasetIds,
  kb_names: kbNames,
  llm_id: row.llmId,
  // v0.27 names the tenant's model twice; Buddy's name for it is its model id
  tenant_llm_id: row.llmId,
  llm_setting: row.llmSetting,
  prompt_type: "simple",
  prompt_config: row.promptConfig,
  design: { ...DEFAULT_DESIGN, ...row.design },
  similarity_threshold: row.similarityThreshold,
  vector_similarity_weight: row.vectorSimilarityWeight,
  top_n: row.topN,
  top_k: row.topK,
  rerank_id: row.rerankId,
  meta_data_filter: row.metaDataFilter,
  do_refer: "1",
  status: "1",
  create_time: row.createTime,
  create_date: httpDate(row.createTime),
  update_time: row.updateTime,
  update_date: httpDate(row.updateTime),
});

export const toSession = (row: ConversationRow): Session => ({
  id: row.id,
  chat_id: row.dialogId,
  name: row.name,
  messages: row.messages,
  reference: row.reference,
  user_id: row.userId,
  source: row.source,
  create_time: row.createTime,
  create_date: httpDate(row.createTime),
  update_time: row.updateTime,
  update_date: httpDate(row.updateTime),
});
