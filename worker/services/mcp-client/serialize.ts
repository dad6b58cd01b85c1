import type { McpServer, McpServerType } from "../../contract/mcp-servers";
import type { McpServerRow } from "../../db/schema";

// A server as RAGFlow's to_dict shows it, the secrets masked.
export const toMcpServer = (row: McpServerRow): McpServer => ({
  id: row.id,
  tenant_id: row.tenantId,
  name: row.name,
  url: row.url,
  server_type: row.serverType as McpServerType,
  description: row.description,
  headers: row.secretHints.headers,
  variables: { ...row.secretHints.variables, tools: row.tools },
  create_time: row.createTime,
  update_time: row.updateTime,
});
