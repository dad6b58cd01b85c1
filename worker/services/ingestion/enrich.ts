import type { ParserConfig } from "../../contract/parser-config";
import { BUILTIN_PROVIDER, parseModelId } from "../../platform/providers/catalogue";
import type { ChatModel } from "../../platform/providers/types";
import type { ChunkDraft } from "../../rag/chunk";
import { keywordPrompt, parseKeywords, parseQuestions, questionPrompt } from "../../rag/enrich";
import type { Deps } from "../context";
import { tenantDefaultsFor } from "../models/catalogue-view";
import { resolveChat } from "../models/resolve";
import { addUsage, recordUsage } from "../models/usage";
import { seconds } from "./progress";
import { inParallel } from "../../lib/batches";

// The chat model for enrichment: the dataset's parser_config.llm_id, else the tenant's default; the
// built-in extractive model cannot write keywords or questions, so it means "none".
export const enrichmentModel = async (
  deps: Deps,
  tenantId: string,
  config: Pick<ParserConfig, "llm_id">,
): Promise<ChatModel | null> => {
  const id = config.llm_id || (await tenantDefaultsFor(deps, tenantId)).llm_id;
  if (!id || parseModelId(id).provider === BUILTIN_PROVIDER) return null;
  return resolveChat(deps, tenantId, id).catch(() => null);
};

// The team's default chat model (null for the built-in one or none).
export const teamChatModel = (deps: Deps, tenantId: string) => enrichmentModel(deps, tenantId, { llm_id: "" });

// Adds LLM keywords and questions to chunk drafts (auto_keywords / auto_questions > 0).
export const enrichDrafts = async (
  deps: Deps,
  tenantId: string,
  config: ParserConfig,
  drafts: ChunkDraft[],
  report: (progress: number, message?: string) => Promise<void>,
) => {
  if (config.auto_keywords <= 0 && config.auto_questions <= 0) return drafts;
  const model = await enrichmentModel(deps, tenantId, config);
  if (!model) {
    await report(0.6, "Auto keywords/questions skipped: no chat model is set up (model settings).");
    return drafts;
  }
  const started = Date.now();
  await report(0.6, `Start to generate keywords and questions for ${drafts.length} chunks with ${model.id}.`);
  const enriched = drafts.map((draft) => ({ ...draft }));
  const usage = { promptTokens: 0, completionTokens: 0 };
  await inParallel(enriched, async (draft) => {
    if (config.auto_keywords > 0) {
      const answer = await model.complete(keywordPrompt(draft.content, config.auto_keywords), { temperature: 0.2 });
      addUsage(usage, answer.usage);
      draft.keywords = [...new Set([...(draft.keywords ?? []), ...parseKeywords(answer.text, config.auto_keywords)])];
    }
    if (config.auto_questions > 0) {
      const answer = await model.complete(questionPrompt(draft.content, config.auto_questions), { temperature: 0.2 });
      addUsage(usage, answer.usage);
      draft.questions = [
        ...new Set([...(draft.questions ?? []), ...parseQuestions(answer.text, config.auto_questions)]),
      ];
    }
  });
  await recordUsage(deps, tenantId, model.id, usage);
  await report(0.65, `Keywords and questions for ${drafts.length} chunks generated (${seconds(started)}).`);
  return enriched;
};
