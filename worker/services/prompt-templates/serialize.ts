import type { PromptTemplate } from "../../contract/prompt-templates";
import type { PromptTemplateRow } from "../../db/schema";

export const toPromptTemplate = (row: PromptTemplateRow): PromptTemplate => ({
  id: row.id,
  tenant_id: row.tenantId,
  created_by: row.createdBy,
  name: row.name,
  description: row.description,
  content: row.content,
  create_time: row.createTime,
  update_time: row.updateTime,
});
