-- Memories (RAGFlow v0.27's Memory API): a member's store of conversation turns that agents write to and
-- search. memory_type is RAGFlow's bit set (1 raw, 2 semantic, 4 episodic, 8 procedural).
CREATE TABLE `memories` (
  `id` text PRIMARY KEY NOT NULL,
  `tenant_id` text NOT NULL REFERENCES `tenants`(`id`) ON DELETE cascade,
  `created_by` text NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `name` text NOT NULL,
  `name_key` text NOT NULL,
  `avatar` text,
  `memory_type` integer DEFAULT 1 NOT NULL,
  `storage_type` text DEFAULT 'table' NOT NULL,
  `embd_id` text DEFAULT '' NOT NULL,
  `llm_id` text DEFAULT '' NOT NULL,
  `permissions` text DEFAULT 'me' NOT NULL,
  `description` text,
  `memory_size` integer DEFAULT 5242880 NOT NULL,
  `forgetting_policy` text DEFAULT 'FIFO' NOT NULL,
  `temperature` real DEFAULT 0.5 NOT NULL,
  `system_prompt` text,
  `user_prompt` text,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `memories_tenant_updated_idx` ON `memories` (`tenant_id`, `update_time`);
CREATE INDEX `memories_tenant_name_idx` ON `memories` (`tenant_id`, `name_key`);
-- message_id is RAGFlow's integer message id, unique across memories
CREATE TABLE `memory_messages` (
  `message_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `memory_id` text NOT NULL REFERENCES `memories`(`id`) ON DELETE cascade,
  `message_type` text DEFAULT 'raw' NOT NULL,
  `source_id` integer DEFAULT 0 NOT NULL,
  `user_id` text DEFAULT '' NOT NULL,
  `agent_id` text DEFAULT '' NOT NULL,
  `session_id` text DEFAULT '' NOT NULL,
  `content` text NOT NULL,
  `content_bytes` integer NOT NULL,
  `valid_at` text NOT NULL,
  `invalid_at` text,
  `forget_at` text,
  `status` integer DEFAULT true NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `memory_messages_memory_idx` ON `memory_messages` (`memory_id`, `message_id`);
CREATE INDEX `memory_messages_agent_idx` ON `memory_messages` (`memory_id`, `agent_id`);
