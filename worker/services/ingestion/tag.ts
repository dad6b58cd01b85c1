import type { ParserConfig } from "../../contract/parser-config";
import type { ChunkDraft } from "../../rag/chunk";
import { parseTagAnswer, tagPrompt, type TagFeatures } from "../../rag/tags";
import type { Deps } from "../context";
import { addUsage, recordUsage } from "../models/usage";
import { contentTags, loadTagSet } from "../tags/tag-sets";
import { enrichmentModel } from "../models/team-chat-model";
import { inParallel } from "../../lib/batches";
import { seconds } from "../progress/lines";

const EXAMPLES = 2;

const hasTags = (draft: ChunkDraft) => Object.keys(draft.tagFeatures ?? {}).length > 0;

// Tags each chunk from the dataset's tag sets (parser_config.tag_kb_ids): the tags of the tag-set rows that
// match it; a chunk no row matches is tagged by the chat model when one is set up (as RAGFlow does).
export const tagDrafts = async (
  deps: Deps,
  dataset: { tenantId: string; parserConfig: ParserConfig },
  drafts: ChunkDraft[],
  report: (progress: number, message?: string) => Promise<void>,
) => {
  const config = dataset.parserConfig;
  if (!config.tag_kb_ids?.length || drafts.length === 0) return drafts;
  const set = await loadTagSet(deps.db, dataset.tenantId, config.tag_kb_ids, config.topn_tags);
  if (!set) {
    await report(0.66, "Tagging skipped: the tag sets hold no tagged rows.");
    return drafts;
  }
  const started = Date.now();
  await report(0.66, `Start to tag ${drafts.length} chunks.`);
  const tagged: ChunkDraft[] = [];
  for (const draft of drafts) {
    const features = await contentTags(deps.db, set, [draft.content, ...(draft.keywords ?? [])].join("\n"));
    tagged.push({ ...draft, tagFeatures: features });
  }
  const unmatched = tagged.filter((draft) => !hasTags(draft));
  const model = unmatched.length ? await enrichmentModel(deps, dataset.tenantId, config) : null;
  if (model) {
    const examples = tagged
      .filter(hasTags)
      .slice(0, EXAMPLES)
      .map((draft) => ({ content: draft.content, features: draft.tagFeatures as TagFeatures }));
    const known = new Set(set.tags);
    const usage = { promptTokens: 0, completionTokens: 0 };
    await inParallel(unmatched, async (draft) => {
      const answer = await model.complete(tagPrompt(draft.content, set.tags, examples, set.topN), { temperature: 0.5 });
      addUsage(usage, answer.usage);
      draft.tagFeatures = parseTagAnswer(answer.text, known, set.topN);
    });
    await recordUsage(deps, dataset.tenantId, model.id, usage);
  }
  const withTags = tagged.filter(hasTags).length;
  await report(
    0.68,
    `Tagging ${drafts.length} chunks completed (${seconds(started)}): ${withTags} tagged${model ? `, ${unmatched.length} of them asked of ${model.id}` : ""}.`,
  );
  return tagged;
};
