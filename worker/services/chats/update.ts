import { eq } from "drizzle-orm";
import type { UpdateChatInput } from "../../contract/chats";
import { dialogs, type DialogRow } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { mergeDesign, mergePromptConfig } from "./defaults";
import { checkChatModel, checkDatasets, checkPromptConfig, checkRerankModel, vectorWeightOf } from "./validate";
import { getDialogInTenant } from "./access";
import { serializeChat, assertNameFree } from "./internal";

// PATCH: only the given fields change; llm_setting, prompt_config and design are merged key by key.
export const updateChat = async (ctx: ServiceContext, id: string, input: UpdateChatInput) => {
  const current = await getDialogInTenant(ctx, id);
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id);
  if (input.dataset_ids !== undefined) await checkDatasets(ctx, input.dataset_ids);
  if (input.llm_id) await checkChatModel(ctx, input.llm_id);
  if (input.rerank_id) await checkRerankModel(ctx, input.rerank_id);
  const promptConfig = mergePromptConfig(current.promptConfig, input.prompt_config);
  checkPromptConfig(promptConfig);
  const vectorWeight = vectorWeightOf(input);
  const [row] = await ctx.db
    .update(dialogs)
    .set({
      ...(input.name !== undefined && { name: input.name, nameKey: input.name.toLowerCase() }),
      ...(input.icon !== undefined && { icon: input.icon }),
      ...(input.avatar !== undefined && { icon: input.avatar }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.language !== undefined && { language: input.language }),
      ...(input.dataset_ids !== undefined && { datasetIds: [...new Set(input.dataset_ids)] }),
      ...(input.llm_id && { llmId: input.llm_id }),
      ...(input.similarity_threshold !== undefined && { similarityThreshold: input.similarity_threshold }),
      ...(vectorWeight !== undefined && { vectorSimilarityWeight: vectorWeight }),
      ...(input.top_n !== undefined && { topN: input.top_n }),
      ...(input.top_k !== undefined && { topK: input.top_k }),
      ...(input.rerank_id !== undefined && { rerankId: input.rerank_id ?? "" }),
      ...(input.meta_data_filter !== undefined && { metaDataFilter: input.meta_data_filter }),
      llmSetting: { ...current.llmSetting, ...input.llm_setting },
      promptConfig,
      design: mergeDesign(current.design, input.design),
      updateTime: nowMs(),
    })
    .where(eq(dialogs.id, id))
    .returning();
  return serializeChat(ctx, row as DialogRow);
};
