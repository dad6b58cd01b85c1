-- Sharding by team (docs/scaling.md): the routing table, read on the default shard `DB` only. Every shard runs the
-- same migrations, so the table exists (empty) on the others too. The accounts made before this all live on `DB`.
CREATE TABLE `team_shards` (
  `tenant_id` text PRIMARY KEY NOT NULL,
  `email` text NOT NULL,
  `shard` text NOT NULL,
  `create_time` integer NOT NULL
);
CREATE UNIQUE INDEX `team_shards_email_unique` ON `team_shards` (`email`);

INSERT INTO `team_shards` (`tenant_id`, `email`, `shard`, `create_time`)
SELECT `id`, `email`, 'DB', `create_time` FROM `users`;
