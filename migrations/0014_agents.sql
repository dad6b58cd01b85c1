CREATE TABLE `agent_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`source` text DEFAULT 'agent' NOT NULL,
	`messages` text NOT NULL,
	`state` text NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_sessions_agent_idx` ON `agent_sessions` (`agent_id`,`update_time`);--> statement-breakpoint
CREATE TABLE `agent_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`title` text NOT NULL,
	`title_key` text NOT NULL,
	`description` text,
	`avatar` text,
	`permission` text DEFAULT 'me' NOT NULL,
	`canvas_type` text DEFAULT '' NOT NULL,
	`dsl` text NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agents_tenant_title_idx` ON `agents` (`tenant_id`,`title_key`);--> statement-breakpoint
CREATE INDEX `agents_tenant_updated_idx` ON `agents` (`tenant_id`,`update_time`);