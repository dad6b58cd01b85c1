CREATE TABLE `datasets` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`avatar` text,
	`description` text,
	`language` text DEFAULT 'German' NOT NULL,
	`embd_id` text NOT NULL,
	`permission` text DEFAULT 'me' NOT NULL,
	`parser_id` text DEFAULT 'naive' NOT NULL,
	`parser_config` text NOT NULL,
	`pagerank` integer DEFAULT 0 NOT NULL,
	`similarity_threshold` real DEFAULT 0.2 NOT NULL,
	`vector_similarity_weight` real DEFAULT 0.3 NOT NULL,
	`doc_num` integer DEFAULT 0 NOT NULL,
	`chunk_num` integer DEFAULT 0 NOT NULL,
	`token_num` integer DEFAULT 0 NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `datasets_tenant_name_idx` ON `datasets` (`tenant_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `datasets_tenant_created_idx` ON `datasets` (`tenant_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`created_by` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`location` text NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`type` text NOT NULL,
	`suffix` text NOT NULL,
	`source_type` text DEFAULT 'local' NOT NULL,
	`source_url` text,
	`parser_id` text NOT NULL,
	`parser_config` text NOT NULL,
	`run` text DEFAULT '0' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`progress_msg` text DEFAULT '' NOT NULL,
	`process_begin_at` integer,
	`process_duration` real DEFAULT 0 NOT NULL,
	`chunk_num` integer DEFAULT 0 NOT NULL,
	`token_num` integer DEFAULT 0 NOT NULL,
	`meta_fields` text DEFAULT '{}' NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_dataset_name_idx` ON `documents` (`dataset_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `documents_dataset_created_idx` ON `documents` (`dataset_id`,`create_time`);