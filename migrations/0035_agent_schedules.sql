-- A flow's schedule: a cron expression (UTC, per minute) the Worker's cron trigger runs it by, with the question
-- each run gets, and how the last run went.
CREATE TABLE `agent_schedules` (
  `agent_id` text PRIMARY KEY NOT NULL REFERENCES `agents`(`id`) ON DELETE cascade,
  `cron` text NOT NULL,
  `question` text DEFAULT '' NOT NULL,
  `enabled` integer DEFAULT 1 NOT NULL,
  `last_run_time` integer,
  `last_session_id` text,
  `last_error` text,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE INDEX `agent_schedules_enabled_idx` ON `agent_schedules` (`enabled`);
