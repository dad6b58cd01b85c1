import type { MemoryView, MessageView } from "../../contract/memories";
import type { MemoryMessageRow, MemoryRow } from "../../db/schema";
import { dateText, typeNames } from "./internal";

export const toMemoryView = (row: MemoryRow, ownerName: string | null): MemoryView => ({
  id: row.id,
  name: row.name,
  avatar: row.avatar,
  tenant_id: row.tenantId,
  owner_name: ownerName,
  memory_type: typeNames(row.memoryType),
  storage_type: row.storageType,
  embd_id: row.embdId,
  llm_id: row.llmId,
  permissions: row.permissions,
  description: row.description,
  memory_size: row.memorySize,
  forgetting_policy: row.forgettingPolicy,
  temperature: row.temperature,
  system_prompt: row.systemPrompt,
  user_prompt: row.userPrompt,
  create_time: row.createTime,
  create_date: dateText(row.createTime),
  update_time: row.updateTime,
  update_date: dateText(row.updateTime),
});

export const toMessageView = (row: MemoryMessageRow, withContent: boolean): MessageView => ({
  message_id: row.messageId,
  message_type: row.messageType,
  source_id: row.sourceId,
  memory_id: row.memoryId,
  user_id: row.userId,
  agent_id: row.agentId,
  session_id: row.sessionId,
  valid_at: row.validAt,
  invalid_at: row.invalidAt,
  forget_at: row.forgetAt,
  status: row.status,
  ...(withContent && { content: row.content }),
});
