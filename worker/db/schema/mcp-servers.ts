import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";

// The headers and variables of a server, sealed together (worker/lib/secret-box.ts): tokens live there.
export type McpSecrets = { headers: Record<string, string>; variables: Record<string, string> };
// What the API shows of them: the names, each value masked.
export type McpSecretHints = { headers: Record<string, string>; variables: Record<string, string> };
// A tool as the server's tools/list describes it.
export type McpToolMeta = { name: string; description?: string; inputSchema?: Record<string, unknown> } & Record<
  string,
  unknown
>;

// A team's MCP server (RAGFlow v0.27's mcp_server).
export const mcpServers = sqliteTable(
  "mcp_servers",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    serverType: text("server_type").notNull(),
    description: text("description").notNull().default(""),
    secretsSealed: text("secrets_sealed"),
    secretHints: text("secret_hints", { mode: "json" }).$type<McpSecretHints>().notNull(),
    tools: text("tools", { mode: "json" }).$type<Record<string, McpToolMeta>>().notNull(),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("mcp_servers_tenant_name_idx").on(t.tenantId, t.name)],
);

export type McpServerRow = typeof mcpServers.$inferSelect;
