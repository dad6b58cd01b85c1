CREATE TABLE `chat_turns` (
	`id` text PRIMARY KEY NOT NULL,
	`dialog_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`conversation_id` text,
	`message_id` text NOT NULL,
	`user_id` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`llm_id` text NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`first_token_ms` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`retrieved` integer DEFAULT 0 NOT NULL,
	`thumbup` integer,
	`feedback_reason` text,
	`feedback` text,
	`create_time` integer NOT NULL,
	FOREIGN KEY (`dialog_id`) REFERENCES `dialogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_turns_dialog_time_idx` ON `chat_turns` (`dialog_id`,`create_time`);--> statement-breakpoint
CREATE INDEX `chat_turns_message_idx` ON `chat_turns` (`conversation_id`,`message_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`dialog_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text DEFAULT '' NOT NULL,
	`source` text DEFAULT 'web' NOT NULL,
	`name` text NOT NULL,
	`messages` text NOT NULL,
	`reference` text NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`dialog_id`) REFERENCES `dialogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversations_dialog_idx` ON `conversations` (`dialog_id`,`user_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `dialogs` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`icon` text,
	`description` text,
	`language` text DEFAULT 'German' NOT NULL,
	`dataset_ids` text NOT NULL,
	`llm_id` text NOT NULL,
	`llm_setting` text NOT NULL,
	`prompt_config` text NOT NULL,
	`design` text NOT NULL,
	`similarity_threshold` real DEFAULT 0.2 NOT NULL,
	`vector_similarity_weight` real DEFAULT 0.3 NOT NULL,
	`top_n` integer DEFAULT 6 NOT NULL,
	`top_k` integer DEFAULT 1024 NOT NULL,
	`rerank_id` text DEFAULT '' NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dialogs_tenant_name_idx` ON `dialogs` (`tenant_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `dialogs_tenant_created_idx` ON `dialogs` (`tenant_id`,`create_time`);