import { and, eq, inArray } from "drizzle-orm";
import {
  type CreateChatInput,
  DEFAULT_PROLOGUES,
  NO_META_DATA_FILTER,
  type UpdateChatInput,
} from "../../contract/chats";
import type { DeleteByIdsInput } from "../../contract/datasets";
import { datasets, dialogs, type DialogRow } from "../../db/schema";
import { AppError, dataError, RetCode } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { teamChatModelId } from "../models/team-chat-model";
import { removeShareTokensOf } from "../share-links/tokens";
import { DEFAULT_LLM_SETTING, DEFAULT_PROMPT_CONFIG, mergeDesign, mergePromptConfig } from "./defaults";
import { toChat } from "./serialize";
import { checkChatModel, checkDatasets, checkPromptConfig, checkRerankModel, vectorWeightOf } from "./validate";

export type Dialog = DialogRow;

// The chat pipeline runs as the assistant's tenant, whoever asks (owner, API key, or later a share token).
export const asDialogTenant = (ctx: ServiceContext, dialog: DialogRow): ServiceContext => ({
  ...ctx,
  actor: { ...ctx.actor, tenantId: dialog.tenantId },
});

export const noAuthorization = () => new AppError(RetCode.AUTHENTICATION_ERROR, "no authorization");

// Assistants are personal: each member of a team sees the ones they made in it.
export const ownDialogs = (ctx: ServiceContext) =>
  and(eq(dialogs.tenantId, ctx.actor.tenantId), eq(dialogs.createdBy, ctx.actor.userId));

// The assistant must be the caller's in the current team; anything else reads as "no authorization" (RAGFlow's 109).
export const getDialogInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.dialogs.findFirst({ where: and(eq(dialogs.id, id), ownDialogs(ctx)) });
  if (!row) throw noAuthorization();
  return row;
};

export const kbNamesOf = async (ctx: ServiceContext, rows: DialogRow[]) => {
  const ids = [...new Set(rows.flatMap((row) => row.datasetIds))];
  const found = ids.length
    ? await ctx.db.select({ id: datasets.id, name: datasets.name }).from(datasets).where(inArray(datasets.id, ids))
    : [];
  const names = new Map(found.map((row) => [row.id, row.name]));
  return (row: DialogRow) =>
    row.datasetIds.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
};

const serialize = async (ctx: ServiceContext, row: DialogRow) => toChat(row, (await kbNamesOf(ctx, [row]))(row));

const assertNameFree = async (ctx: ServiceContext, name: string, exceptId?: string) => {
  const clash = await ctx.db.query.dialogs.findFirst({
    where: and(ownDialogs(ctx), eq(dialogs.nameKey, name.toLowerCase())),
  });
  if (clash && clash.id !== exceptId) throw dataError("Duplicated chat name.");
};

// Values shared by create and full replace: every omitted field takes its default.
const completeRow = async (ctx: ServiceContext, input: CreateChatInput) => {
  await checkDatasets(ctx, input.dataset_ids ?? []);
  const llmId = input.llm_id || (await teamChatModelId(ctx));
  await checkChatModel(ctx, llmId);
  await checkRerankModel(ctx, input.rerank_id ?? "");
  const language = input.language ?? "German";
  const promptConfig = mergePromptConfig(
    { ...DEFAULT_PROMPT_CONFIG, prologue: DEFAULT_PROLOGUES[language] },
    input.prompt_config,
  );
  checkPromptConfig(promptConfig);
  return {
    name: input.name,
    nameKey: input.name.toLowerCase(),
    icon: input.icon ?? input.avatar ?? null,
    description: input.description ?? null,
    language,
    datasetIds: [...new Set(input.dataset_ids ?? [])],
    llmId,
    llmSetting: { ...DEFAULT_LLM_SETTING, ...input.llm_setting },
    promptConfig,
    design: mergeDesign({}, input.design),
    similarityThreshold: input.similarity_threshold ?? 0.2,
    vectorSimilarityWeight: vectorWeightOf(input) ?? 0.3,
    topN: input.top_n ?? 6,
    topK: input.top_k ?? 1024,
    rerankId: input.rerank_id ?? "",
    metaDataFilter: input.meta_data_filter ?? NO_META_DATA_FILTER,
  };
};

export const createChat = async (ctx: ServiceContext, input: CreateChatInput) => {
  await assertNameFree(ctx, input.name);
  const now = nowMs();
  const [row] = await ctx.db
    .insert(dialogs)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      createdBy: ctx.actor.userId,
      createTime: now,
      updateTime: now,
      ...(await completeRow(ctx, input)),
    })
    .returning();
  return serialize(ctx, row as DialogRow);
};

// PUT: full replace (omitted fields reset to their defaults).
export const replaceChat = async (ctx: ServiceContext, id: string, input: CreateChatInput) => {
  await getDialogInTenant(ctx, id);
  await assertNameFree(ctx, input.name, id);
  const [row] = await ctx.db
    .update(dialogs)
    .set({ ...(await completeRow(ctx, input)), updateTime: nowMs() })
    .where(eq(dialogs.id, id))
    .returning();
  return serialize(ctx, row as DialogRow);
};

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
  return serialize(ctx, row as DialogRow);
};

export const getChat = async (ctx: ServiceContext, id: string) => serialize(ctx, await getDialogInTenant(ctx, id));

export const removeChat = async (ctx: ServiceContext, id: string) => {
  await getDialogInTenant(ctx, id);
  await ctx.db.delete(dialogs).where(eq(dialogs.id, id));
  await removeShareTokensOf(ctx, "chat", [id]);
  return true;
};

export const removeChats = async (ctx: ServiceContext, input: DeleteByIdsInput) => {
  const owned = await ctx.db.select({ id: dialogs.id }).from(dialogs).where(ownDialogs(ctx));
  if (input.delete_all) {
    if (owned.length) await ctx.db.delete(dialogs).where(ownDialogs(ctx));
    await removeShareTokensOf(
      ctx,
      "chat",
      owned.map((row) => row.id),
    );
    return { success_count: owned.length };
  }
  const ids = [...new Set(input.ids ?? [])];
  if (ids.length === 0) return {};
  const missing = ids.find((id) => !owned.some((row) => row.id === id));
  if (missing) throw dataError(`Chat(${missing}) not found.`);
  await ctx.db.delete(dialogs).where(inArray(dialogs.id, ids));
  await removeShareTokensOf(ctx, "chat", ids);
  return { success_count: ids.length };
};
