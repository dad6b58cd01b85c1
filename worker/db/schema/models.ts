import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { tenants } from "./users";

// A model a tenant has set up with a provider (RAGFlow's tenant_llm). The API key and the provider-specific
// credentials (one JSON object) are sealed (AES-GCM); the hints say which credentials are set.
export const tenantModels = sqliteTable(
  "tenant_models",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    modelName: text("model_name").notNull(),
    modelType: text("model_type").notNull(),
    // the provider instance whose credentials the row carries (a copy of model_instances' sealed values)
    instanceName: text("instance_name").notNull().default("default"),
    apiKeySealed: text("api_key_sealed"),
    apiKeyHint: text("api_key_hint"),
    apiBase: text("api_base"),
    credentialsSealed: text("credentials_sealed"),
    credentialHints: text("credential_hints", { mode: "json" }).$type<Record<string, string | null>>(),
    maxTokens: integer("max_tokens").notNull().default(8192),
    vision: integer("vision", { mode: "boolean" }).notNull().default(false),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    usedTokens: integer("used_tokens").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // one entry per (tenant, provider, model, type)
    uniqueIndex("tenant_models_unique_idx").on(t.tenantId, t.provider, t.modelName, t.modelType),
    // the model settings page lists a tenant's models
    index("tenant_models_tenant_idx").on(t.tenantId),
  ],
);

export type TenantModelRow = typeof tenantModels.$inferSelect;

// A provider a tenant has added (RAGFlow v0.27's tenant_model_provider); its instances hold the credentials.
export const modelProviders = sqliteTable(
  "model_providers",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("model_providers_unique_idx").on(t.tenantId, t.name)],
);

// One named set of credentials for a provider (RAGFlow v0.27's tenant_model_instance), sealed like the models'.
export const modelInstances = sqliteTable(
  "model_instances",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    name: text("name").notNull(),
    apiKeySealed: text("api_key_sealed"),
    apiKeyHint: text("api_key_hint"),
    apiBase: text("api_base"),
    region: text("region").notNull().default(""),
    credentialsSealed: text("credentials_sealed"),
    credentialHints: text("credential_hints", { mode: "json" }).$type<Record<string, string | null>>(),
    ...timestamps,
  },
  (t) => [uniqueIndex("model_instances_unique_idx").on(t.tenantId, t.provider, t.name)],
);

export type ModelInstanceRow = typeof modelInstances.$inferSelect;
