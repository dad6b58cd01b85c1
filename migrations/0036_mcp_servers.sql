-- A team's MCP servers (RAGFlow v0.27's mcp_server): Streamable HTTP endpoints whose tools Agents may call. The
-- headers and variables (tokens) are sealed like provider API keys; the tools the server listed are kept in clear.
CREATE TABLE `mcp_servers` (
  `id` text PRIMARY KEY NOT NULL,
  `tenant_id` text NOT NULL,
  `name` text NOT NULL,
  `url` text NOT NULL,
  `server_type` text NOT NULL,
  `description` text DEFAULT '' NOT NULL,
  `secrets_sealed` text,
  `secret_hints` text DEFAULT '{}' NOT NULL,
  `tools` text DEFAULT '{}' NOT NULL,
  `created_by` text NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE UNIQUE INDEX `mcp_servers_tenant_name_idx` ON `mcp_servers` (`tenant_id`, `name`);
