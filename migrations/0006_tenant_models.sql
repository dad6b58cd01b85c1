CREATE TABLE `tenant_models` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`provider` text NOT NULL,
	`model_name` text NOT NULL,
	`model_type` text NOT NULL,
	`api_key_sealed` text,
	`api_key_hint` text,
	`api_base` text,
	`max_tokens` integer DEFAULT 8192 NOT NULL,
	`vision` integer DEFAULT false NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`used_tokens` integer DEFAULT 0 NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenant_models_unique_idx` ON `tenant_models` (`tenant_id`,`provider`,`model_name`,`model_type`);--> statement-breakpoint
CREATE INDEX `tenant_models_tenant_idx` ON `tenant_models` (`tenant_id`);