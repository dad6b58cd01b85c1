-- RAGFlow v0.27's model provider API: a team adds a provider, then named instances of it (one set of
-- credentials each), then models to an instance. Each model row keeps a copy of its instance's sealed
-- credentials, so resolving a model stays one read. Existing models move into an instance named "default".
CREATE TABLE `model_providers` (
  `id` text PRIMARY KEY NOT NULL,
  `tenant_id` text NOT NULL REFERENCES `tenants`(`id`) ON DELETE cascade,
  `name` text NOT NULL,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE UNIQUE INDEX `model_providers_unique_idx` ON `model_providers` (`tenant_id`, `name`);

CREATE TABLE `model_instances` (
  `id` text PRIMARY KEY NOT NULL,
  `tenant_id` text NOT NULL REFERENCES `tenants`(`id`) ON DELETE cascade,
  `provider` text NOT NULL,
  `name` text NOT NULL,
  `api_key_sealed` text,
  `api_key_hint` text,
  `api_base` text,
  `region` text DEFAULT '' NOT NULL,
  `credentials_sealed` text,
  `credential_hints` text,
  `create_time` integer NOT NULL,
  `update_time` integer NOT NULL
);
CREATE UNIQUE INDEX `model_instances_unique_idx` ON `model_instances` (`tenant_id`, `provider`, `name`);

ALTER TABLE `tenant_models` ADD COLUMN `instance_name` text DEFAULT 'default' NOT NULL;

INSERT INTO `model_providers` (`id`, `tenant_id`, `name`, `create_time`, `update_time`)
  SELECT lower(hex(randomblob(16))), `tenant_id`, `provider`, min(`create_time`), max(`update_time`)
  FROM `tenant_models` GROUP BY `tenant_id`, `provider`;

-- the credentials of the provider's most recently saved model stand for the instance
INSERT INTO `model_instances` (`id`, `tenant_id`, `provider`, `name`, `api_key_sealed`, `api_key_hint`, `api_base`,
    `credentials_sealed`, `credential_hints`, `create_time`, `update_time`)
  SELECT lower(hex(randomblob(16))), m.`tenant_id`, m.`provider`, 'default', m.`api_key_sealed`, m.`api_key_hint`,
    m.`api_base`, m.`credentials_sealed`, m.`credential_hints`, m.`create_time`, m.`update_time`
  FROM `tenant_models` m
  WHERE m.`id` = (SELECT n.`id` FROM `tenant_models` n WHERE n.`tenant_id` = m.`tenant_id` AND n.`provider` = m.`provider`
    ORDER BY n.`update_time` DESC, n.`id` LIMIT 1);
