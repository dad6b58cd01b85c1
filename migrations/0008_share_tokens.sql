CREATE TABLE `share_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`token` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`allowed_origins` text NOT NULL,
	`rate_per_minute` integer NOT NULL,
	`daily_cap` integer NOT NULL,
	`last_used_at` integer,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_tokens_token_idx` ON `share_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `share_tokens_target_idx` ON `share_tokens` (`tenant_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `share_usage` (
	`token_id` text NOT NULL,
	`bucket` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`token_id`, `bucket`),
	FOREIGN KEY (`token_id`) REFERENCES `share_tokens`(`id`) ON UPDATE no action ON DELETE cascade
);
