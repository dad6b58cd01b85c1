CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`token_hash` text NOT NULL,
	`token_hint` text NOT NULL,
	`beta` text NOT NULL,
	`dialog_id` text,
	`source` text,
	`create_time` integer NOT NULL,
	`last_used_time` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_beta_unique` ON `api_tokens` (`beta`);--> statement-breakpoint
CREATE INDEX `api_tokens_tenant_idx` ON `api_tokens` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`create_time` integer NOT NULL,
	`last_seen_time` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `tenants` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`llm_id` text DEFAULT '' NOT NULL,
	`embd_id` text DEFAULT '' NOT NULL,
	`asr_id` text DEFAULT '' NOT NULL,
	`img2txt_id` text DEFAULT '' NOT NULL,
	`rerank_id` text DEFAULT '' NOT NULL,
	`tts_id` text DEFAULT '' NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_tenants` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`role` text NOT NULL,
	`invited_by` text,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_tenants_user_tenant_idx` ON `user_tenants` (`user_id`,`tenant_id`);--> statement-breakpoint
CREATE INDEX `user_tenants_tenant_idx` ON `user_tenants` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`nickname` text NOT NULL,
	`password_hash` text NOT NULL,
	`avatar` text,
	`language` text DEFAULT 'de' NOT NULL,
	`color_schema` text DEFAULT 'Bright' NOT NULL,
	`timezone` text DEFAULT 'Europe/Berlin' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_login_time` integer,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);