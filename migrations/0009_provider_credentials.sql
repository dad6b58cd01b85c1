ALTER TABLE `tenant_models` ADD `credentials_sealed` text;--> statement-breakpoint
ALTER TABLE `tenant_models` ADD `credential_hints` text;