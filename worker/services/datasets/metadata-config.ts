import { eq } from "drizzle-orm";
import type { MetadataConfig } from "../../contract/auto-metadata";
import type { StoredParserConfig } from "../../contract/parser-config";
import { datasets } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getDatasetInTenant, getManageableDataset, lacksPermission } from "../scope/datasets";

const configOf = (config: StoredParserConfig): MetadataConfig => {
  return { metadata: config.metadata ?? [], built_in_metadata: config.built_in_metadata ?? [] };
};

// RAGFlow's messages: an unknown or foreign dataset "lacks permission".
const refused = (ctx: ServiceContext, datasetId: string) => () => {
  throw lacksPermission(ctx, datasetId);
};

// GET /datasets/{id}/metadata/config: the fields auto metadata fills (parser_config.metadata, built_in_metadata).
export const getMetadataConfig = async (ctx: ServiceContext, datasetId: string) =>
  configOf((await getDatasetInTenant(ctx, datasetId).catch(refused(ctx, datasetId))).parserConfig);

// PUT: replaces both lists (the rest of parser_config stays); `enable_metadata` switches extraction on.
export const putMetadataConfig = async (ctx: ServiceContext, datasetId: string, input: MetadataConfig) => {
  const dataset = await getManageableDataset(ctx, datasetId).catch(refused(ctx, datasetId));
  const parserConfig = {
    ...dataset.parserConfig,
    metadata: input.metadata,
    built_in_metadata: input.built_in_metadata,
  };
  await ctx.db.update(datasets).set({ parserConfig, updateTime: nowMs() }).where(eq(datasets.id, datasetId));
  return configOf(parserConfig);
};
