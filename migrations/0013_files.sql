CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`created_by` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`type` text NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`source_type` text DEFAULT '' NOT NULL,
	`source_url` text,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_parent_name_idx` ON `files` (`parent_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `files_tenant_parent_idx` ON `files` (`tenant_id`,`parent_id`);--> statement-breakpoint
ALTER TABLE `documents` ADD `file_id` text;--> statement-breakpoint
CREATE INDEX `documents_file_idx` ON `documents` (`file_id`);