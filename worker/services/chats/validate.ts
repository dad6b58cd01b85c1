import { and, inArray } from "drizzle-orm";
import { BUILTIN_CHAT_ID, type CreateChatInput, KNOWLEDGE_KEY, type PromptConfig } from "../../contract/chats";
import { datasets } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { parseModelId } from "../../platform/providers/catalogue";
import { BUILTIN_RERANK_ID } from "../../contract/models";
import type { ServiceContext } from "../context";
import { visibleDatasets } from "../scope/datasets";
import { findTenantModel } from "../models/resolve";
import { rowsInChunks } from "../../lib/batches";

// All datasets must be the tenant's, parsed, and share one embedding model (one query vector for all).
export const checkDatasets = async (ctx: ServiceContext, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await rowsInChunks(unique, (part) =>
    ctx.db.query.datasets.findMany({ where: and(visibleDatasets(ctx), inArray(datasets.id, part)) }),
  );
  for (const id of unique) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw dataError(`You don't own the dataset ${id}`);
    if (row.chunkNum === 0) throw dataError(`The dataset ${id} doesn't own parsed file`);
  }
  if (new Set(rows.map((row) => row.embdId)).size > 1) throw dataError("Datasets use different embedding models.");
  return unique.map((id) => rows.find((row) => row.id === id)?.name ?? id);
};

export const checkChatModel = async (ctx: ServiceContext, id: string) => {
  if (id === BUILTIN_CHAT_ID) return;
  const row = parseModelId(id).provider ? await findTenantModel(ctx, ctx.actor.tenantId, id, "chat") : undefined;
  if (!row || !row.enabled) throw dataError(`\`llm_id\` ${id} doesn't exist`);
};

export const checkRerankModel = async (ctx: ServiceContext, id: string) => {
  if (!id || id === BUILTIN_RERANK_ID) return;
  const row = await findTenantModel(ctx, ctx.actor.tenantId, id, "rerank");
  if (!row || !row.enabled) throw dataError(`\`rerank_id\` ${id} doesn't exist`);
};

// Variables: unique keys, `knowledge` reserved for retrieval, every required one used in the system prompt.
export const checkPromptConfig = (config: PromptConfig) => {
  if (!config.system.trim()) throw dataError("`prompt_config.system` (the system prompt) is required.");
  const seen = new Set<string>();
  for (const parameter of config.parameters) {
    if (seen.has(parameter.key)) throw dataError(`\`parameters\` contains duplicate key: ${parameter.key}`);
    seen.add(parameter.key);
    if (parameter.key === KNOWLEDGE_KEY) continue;
    if (!parameter.optional && !config.system.includes(`{${parameter.key}}`))
      throw dataError(`Parameter '${parameter.key}' is not used`);
  }
};

export const vectorWeightOf = (
  input: Pick<CreateChatInput, "vector_similarity_weight" | "keywords_similarity_weight">,
) =>
  input.vector_similarity_weight ??
  (input.keywords_similarity_weight === undefined ? undefined : 1 - input.keywords_similarity_weight);
