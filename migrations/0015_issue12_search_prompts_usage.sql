CREATE TABLE `search_apps` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`avatar` text,
	`search_config` text NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_apps_tenant_name_idx` ON `search_apps` (`tenant_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `search_apps_tenant_updated_idx` ON `search_apps` (`tenant_id`,`update_time`);--> statement-breakpoint
CREATE TABLE `prompt_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prompt_templates_tenant_name_idx` ON `prompt_templates` (`tenant_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `prompt_templates_tenant_updated_idx` ON `prompt_templates` (`tenant_id`,`update_time`);--> statement-breakpoint
CREATE TABLE `usage_daily` (
	`tenant_id` text NOT NULL,
	`day` text NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `day`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `chat_turns` ADD `resolved_chunk_id` text;--> statement-breakpoint
CREATE INDEX `chat_turns_tenant_time_idx` ON `chat_turns` (`tenant_id`,`create_time`);