import type { CommunityFinding, CommunityReport, KnowledgeGraph } from "../../contract/knowledge-graph";
import type { ChatMessage } from "../../platform/providers/types";
import { jsonObjectIn } from "../json-answer";
import type { Community } from "./cluster";

// What the model reads of a community: its entities and the relations among them, as RAGFlow's CSV tables,
// cut to a length any chat model takes.
const MAX_INPUT_CHARS = 12_000;
const MAX_FINDINGS = 10;

const cell = (text: string) => text.replaceAll("\n", " ").replaceAll(",", ";");

export const communityInput = (graph: KnowledgeGraph, community: Community) => {
  const members = new Set(community.members);
  const entities = graph.nodes.filter((node) => members.has(node.id));
  const relations = graph.edges.filter((edge) => members.has(edge.source) && members.has(edge.target));
  const text = [
    "-Entities-",
    "id,entity,description",
    ...entities.map((node, i) => `${i + 1},${cell(node.entity_name)},${cell(node.description)}`),
    "",
    "-Relationships-",
    "id,source,target,description",
    ...relations.map((edge, i) => `${i + 1},${cell(edge.source)},${cell(edge.target)},${cell(edge.description)}`),
  ].join("\n");
  return text.slice(0, MAX_INPUT_CHARS);
};

// RAGFlow's community report prompt (Microsoft GraphRAG's; our wording, its JSON shape).
export const communityReportPrompt = (input: string): ChatMessage[] => [
  {
    role: "system",
    content:
      "You write a community report. A community is a group of entities of a knowledge graph and the relations " +
      "among them. From the entities and relationships below, write: a short specific TITLE naming its key " +
      "entities; an executive SUMMARY of the community's structure and what its entities have to do with each " +
      "other; an IMPACT SEVERITY RATING from 0 to 10 of how important the community is; a one-sentence RATING " +
      "EXPLANATION; and 5 to 10 DETAILED FINDINGS, each a short summary and an explanation grounded in the data. " +
      "Write in the language of the data and do not make anything up. Answer with JSON only: " +
      '{"title": "...", "summary": "...", "rating": <0-10>, "rating_explanation": "...", "findings": [{"summary": "...", "explanation": "..."}]}',
  },
  { role: "user", content: input },
];

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

// The report in the model's answer, or null when it has no title or summary.
export const parseCommunityReport = (answer: string): Omit<CommunityReport, "entities" | "level" | "weight"> | null => {
  const json = jsonObjectIn(answer);
  const [title, summary] = [text(json?.title), text(json?.summary)];
  if (!json || !title || !summary) return null;
  const rating = Number(json.rating);
  const findings = (Array.isArray(json.findings) ? (json.findings as Record<string, unknown>[]) : [])
    .map((item): CommunityFinding => ({ summary: text(item?.summary), explanation: text(item?.explanation) }))
    .filter((finding) => finding.summary || finding.explanation)
    .slice(0, MAX_FINDINGS);
  return {
    title: title.slice(0, 256),
    summary,
    rating: Number.isFinite(rating) ? Math.min(10, Math.max(0, rating)) : 0,
    rating_explanation: text(json.rating_explanation),
    findings,
  };
};

// A community's weight (RAGFlow's): the links of its entities, relative to the heaviest community of its level.
export const communityWeights = (graph: KnowledgeGraph, communities: Community[]) => {
  const degree = new Map<string, number>();
  for (const edge of graph.edges)
    for (const end of [edge.source, edge.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
  const raw = communities.map((community) => community.members.reduce((sum, id) => sum + (degree.get(id) ?? 0), 0));
  const heaviest = new Map<number, number>();
  for (const [i, community] of communities.entries())
    heaviest.set(community.level, Math.max(heaviest.get(community.level) ?? 0, raw[i] ?? 0));
  return communities.map(
    (community, i) => Math.round(((raw[i] ?? 0) / Math.max(1, heaviest.get(community.level) ?? 0)) * 10_000) / 10_000,
  );
};

// The report as RAGFlow's community chunk writes it: title, summary, then each finding.
export const communityReportText = (report: CommunityReport) =>
  [
    `# ${report.title}`,
    report.summary,
    ...report.findings.map((finding) => `## ${finding.summary}\n${finding.explanation}`),
  ].join("\n\n");
