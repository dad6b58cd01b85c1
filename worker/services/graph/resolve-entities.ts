import type { KnowledgeGraph } from "../../contract/knowledge-graph";
import { inChunks } from "../../lib/batches";
import type { ChatModel, TokenUsage } from "../../platform/providers/types";
import {
  type NamePair,
  parseResolution,
  RESOLUTION_BATCH,
  resolutionCandidates,
  resolutionPrompt,
} from "../../rag/graph/resolve";
import { askModel } from "../index-kit/ask-model";
import type { Reporter } from "../index-kit/builder";

// RAGFlow's entity resolution: entities of one type with similar names are put to the chat model, a hundred
// pairs a call; the pairs it calls the same become one entity. A call that fails is noted and its pairs kept apart.
export const resolveEntities = async (
  model: ChatModel,
  graph: KnowledgeGraph,
  usage: TokenUsage,
  { note, beat }: Pick<Reporter, "note" | "beat">,
) => {
  const { pairs, capped } = resolutionCandidates(graph);
  if (capped)
    await note(
      `Entity resolution: only ${pairs.length} pairs of similar names among the best-ranked entities were compared.`,
    );
  const byType = new Map<string, NamePair[]>();
  for (const pair of pairs) byType.set(pair.type, [...(byType.get(pair.type) ?? []), pair]);
  const same: NamePair[] = [];
  for (const [type, ofType] of byType) {
    for (const batch of inChunks(ofType, RESOLUTION_BATCH)) {
      const asked = await askModel(
        model,
        resolutionPrompt(type, batch),
        { temperature: 0 },
        (answer) => parseResolution(answer, batch),
        usage,
      );
      if ("value" in asked) same.push(...asked.value);
      else await note(`Entity resolution skipped ${batch.length} pairs of ${type}: ${asked.reason}`);
      await beat();
    }
  }
  return { compared: pairs.length, same };
};
