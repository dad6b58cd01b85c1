import type { CommunityReport, KnowledgeGraph } from "../../contract/knowledge-graph";
import { inParallel } from "../../lib/batches";
import type { ChatModel, TokenUsage } from "../../platform/providers/types";
import { hierarchicalCommunities } from "../../rag/graph/cluster";
import {
  communityInput,
  communityReportPrompt,
  communityWeights,
  parseCommunityReport,
} from "../../rag/graph/communities";
import { askModel } from "../index-kit/ask-model";
import type { Reporter } from "../index-kit/builder";

// One model call per report: a large graph's smallest communities go without one.
const MAX_REPORTS = 200;

// RAGFlow's community reports: the graph is clustered (communities of at most 12 entities, level by level) and the
// chat model writes a report on each community of two or more entities, level by level, heaviest first. A report
// that fails is skipped with a line (the graph is worth keeping without it).
export const writeCommunityReports = async (
  model: ChatModel,
  graph: KnowledgeGraph,
  usage: TokenUsage,
  progress: (done: number, total: number) => Promise<void>,
  { note }: Pick<Reporter, "note">,
): Promise<CommunityReport[]> => {
  const communities = hierarchicalCommunities(graph);
  const weights = communityWeights(graph, communities);
  const ranked = communities
    .map((community, i) => ({ community, weight: weights[i] ?? 0 }))
    .toSorted((a, b) => a.community.level - b.community.level || b.weight - a.weight)
    .slice(0, MAX_REPORTS);
  if (communities.length > ranked.length)
    await note(`Community reports: ${communities.length} communities, reports for the ${ranked.length} heaviest.`);
  const reports: { index: number; report: CommunityReport }[] = [];
  let done = 0;
  await inParallel([...ranked.entries()], async ([index, { community, weight }]) => {
    const asked = await askModel(
      model,
      communityReportPrompt(communityInput(graph, community)),
      { temperature: 0.3 },
      parseCommunityReport,
      usage,
    );
    if ("value" in asked)
      reports.push({ index, report: { ...asked.value, entities: community.members, level: community.level, weight } });
    else await note(`A community report was skipped: ${asked.reason}`);
    await progress(++done, ranked.length);
  });
  return reports.toSorted((a, b) => a.index - b.index).map((entry) => entry.report);
};

// Each entity lists the titles of the reports on its communities (RAGFlow's `communities` attribute); one in
// none has no such attribute (undefined is left out of the stored JSON).
export const withCommunities = (graph: KnowledgeGraph, reports: CommunityReport[]): KnowledgeGraph => {
  const titles = new Map<string, string[]>();
  for (const report of reports)
    for (const id of report.entities) titles.set(id, [...(titles.get(id) ?? []), report.title]);
  return { ...graph, nodes: graph.nodes.map((node) => ({ ...node, communities: titles.get(node.id) })) };
};
