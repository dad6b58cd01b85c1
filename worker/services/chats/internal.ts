import { and, eq, inArray } from "drizzle-orm";
import {
  type CreateChatInput,
  DEFAULT_ANSWER_THRESHOLD,
  DEFAULT_PROLOGUES,
  NO_META_DATA_FILTER,
} from "../../contract/chats";
import { datasets, dialogs, type DialogRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { teamChatModelId } from "../models/team-chat-model";
import { DEFAULT_PROMPT_CONFIG, mergeDesign, mergePromptConfig } from "./defaults";
import { toChat } from "./serialize";
import { checkChatModel, checkDatasets, checkPromptConfig, checkRerankModel, vectorWeightOf } from "./validate";
import { ownDialogs } from "./access";
import { rowsInChunks } from "../../lib/batches";

export const kbNamesOf = async (ctx: ServiceContext, rows: DialogRow[]) => {
  const ids = [...new Set(rows.flatMap((row) => row.datasetIds))];
  const found = await rowsInChunks(ids, (part) =>
    ctx.db.select({ id: datasets.id, name: datasets.name }).from(datasets).where(inArray(datasets.id, part)),
  );
  const names = new Map(found.map((row) => [row.id, row.name]));
  return (row: DialogRow) =>
    row.datasetIds.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
};

export const serializeChat = async (ctx: ServiceContext, row: DialogRow) =>
  toChat(row, (await kbNamesOf(ctx, [row]))(row));

export const assertNameFree = async (ctx: ServiceContext, name: string, exceptId?: string) => {
  const clash = await ctx.db.query.dialogs.findFirst({
    where: and(ownDialogs(ctx), eq(dialogs.nameKey, name.toLowerCase())),
  });
  if (clash && clash.id !== exceptId) {
    throw dataError(exceptId ? "duplicated chat name" : "duplicated chat name in creating chat");
  }
};

// Values shared by create and full replace: every omitted field takes its default.
export const completeRow = async (ctx: ServiceContext, input: CreateChatInput) => {
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
    // as sent (RAGFlow v0.27); answers read it through effectiveLlmSetting
    llmSetting: input.llm_setting ?? {},
    promptConfig,
    design: mergeDesign({}, input.design),
    similarityThreshold: input.similarity_threshold ?? DEFAULT_ANSWER_THRESHOLD,
    vectorSimilarityWeight: vectorWeightOf(input) ?? 0.3,
    topN: input.top_n ?? 6,
    topK: input.top_k ?? 1024,
    rerankId: input.rerank_id ?? "",
    metaDataFilter: input.meta_data_filter ?? NO_META_DATA_FILTER,
  };
};
