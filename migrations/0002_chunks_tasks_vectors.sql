CREATE TABLE `chunk_vectors` (
	`id` text PRIMARY KEY NOT NULL,
	`namespace` text NOT NULL,
	`model` text NOT NULL,
	`dims` integer NOT NULL,
	`vector` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chunk_vectors_namespace_model_idx` ON `chunk_vectors` (`namespace`,`model`);--> statement-breakpoint
CREATE TABLE `chunks` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`document_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`doc_name` text NOT NULL,
	`content` text NOT NULL,
	`important_kwd` text DEFAULT '[]' NOT NULL,
	`question_kwd` text DEFAULT '[]' NOT NULL,
	`tag_kwd` text DEFAULT '[]' NOT NULL,
	`available` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`page_num_int` text DEFAULT '[]' NOT NULL,
	`token_count` integer DEFAULT 0 NOT NULL,
	`task_id` text,
	`manual` integer DEFAULT false NOT NULL,
	`create_time` integer NOT NULL,
	`update_time` integer NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chunks_document_position_idx` ON `chunks` (`document_id`,`position`);--> statement-breakpoint
CREATE INDEX `chunks_dataset_idx` ON `chunks` (`dataset_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`dataset_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`from_page` integer DEFAULT 0 NOT NULL,
	`to_page` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`progress_msg` text DEFAULT '' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`begin_at` integer,
	`heartbeat_at` integer,
	`duration` real DEFAULT 0 NOT NULL,
	`create_time` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_document_idx` ON `tasks` (`document_id`);--> statement-breakpoint
CREATE INDEX `tasks_state_heartbeat_idx` ON `tasks` (`state`,`heartbeat_at`);