-- Version history of agent flows (RAGFlow's user_canvas_version): every save of a flow's DSL is a version; a save
-- whose DSL equals the latest version's only refreshes that version's time.
CREATE TABLE `agent_versions` (
  `id` text PRIMARY KEY NOT NULL,
  `agent_id` text NOT NULL REFERENCES `agents`(`id`) ON DELETE cascade,
  `title` text NOT NULL,
  `description` text,
  `release` integer DEFAULT 0 NOT NULL,
  `dsl` text NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `agent_versions_agent_idx` ON `agent_versions` (`agent_id`, `create_time`);
-- Calls of a flow's webhook: what came in, what went out, and the run's outcome.
CREATE TABLE `agent_webhook_logs` (
  `id` text PRIMARY KEY NOT NULL,
  `agent_id` text NOT NULL REFERENCES `agents`(`id`) ON DELETE cascade,
  `method` text NOT NULL,
  `request` text NOT NULL,
  `status` integer NOT NULL,
  `response` text NOT NULL,
  `success` integer NOT NULL,
  `error` text,
  `elapsed_ms` integer DEFAULT 0 NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `agent_webhook_logs_agent_idx` ON `agent_webhook_logs` (`agent_id`, `create_time`);
