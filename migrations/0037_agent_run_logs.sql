-- One run of a flow (a turn, a rerun): what it was asked, the steps it took and, when it failed, the failed step
-- and the outputs before it, so it can be rerun from there.
CREATE TABLE `agent_run_logs` (
  `id` text PRIMARY KEY NOT NULL,
  `agent_id` text NOT NULL REFERENCES `agents`(`id`) ON DELETE cascade,
  `tenant_id` text NOT NULL,
  `user_id` text NOT NULL,
  `session_id` text NOT NULL,
  `task_id` text NOT NULL,
  `run` text NOT NULL,
  `trace` text NOT NULL,
  `error` text,
  `failed_component` text,
  `kept` text,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `agent_run_logs_agent_idx` ON `agent_run_logs` (`agent_id`, `create_time`);
