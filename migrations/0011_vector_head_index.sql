DROP INDEX `chunk_vectors_namespace_model_idx`;--> statement-breakpoint
CREATE INDEX `chunk_vectors_namespace_model_idx` ON `chunk_vectors` (`namespace`,`model`,`updated_at`,`dims`);