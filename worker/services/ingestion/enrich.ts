import type { ParserConfig } from "../../contract/parser-config";
import type { ChunkDraft } from "../../rag/chunk";
import { keywordPrompt, parseKeywords, parseQuestions, questionPrompt } from "../../rag/enrich";
import type { Deps } from "../context";
import { enrichmentModel } from "../models/team-chat-model";
import { addUsage, recordUsage } from "../models/usage";
import { seconds } from "../progress/lines";
import { inParallel } from "../../lib/batches";

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
