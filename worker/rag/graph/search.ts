import type { GraphEdge, GraphNode, KnowledgeGraph } from "../../contract/knowledge-graph";
import { jsonObjectIn } from "../json-answer";

// RAGFlow's KG retrieval (graphrag/search.py): entities found by vector similarity to the question's entities
// (≥ 0.3, at most 56), entities of the answer types the model names, relations by similarity to the question,
// and the two-hop paths from the entities found; entities ranked by similarity × pagerank, relations by
// similarity × weight, six of each.
export const KG_SIMILARITY_THRESHOLD = 0.3;
export const KG_CANDIDATES = 56;
const TOP_ENTITIES = 6;
const TOP_RELATIONS = 6;
const TYPE_SAMPLES = 12;
const MAX_QUERY_ENTITIES = 5;
const MAX_ANSWER_TYPES = 3;

// What a graph's vectors are made of: an entity's name, a relation's "from->to: description".
export const entityVectorText = (node: GraphNode) => node.entity_name;
export const relationVectorText = (edge: GraphEdge) => `${edge.source}->${edge.target}: ${edge.description}`;

// Each entity type with its highest-ranked names (RAGFlow's ty2ents, the answer-type pool of the query prompt).
export const typePool = (graphs: KnowledgeGraph[]) => {
  const pool: Record<string, string[]> = {};
  const nodes = graphs.flatMap((graph) => graph.nodes).toSorted((a, b) => b.pagerank - a.pagerank);
  for (const node of nodes) {
    const names = (pool[node.entity_type] ??= []);
    if (names.length < TYPE_SAMPLES && !names.includes(node.entity_name)) names.push(node.entity_name);
  }
  return pool;
};

// MiniRAG's query analysis as RAGFlow asks it: the likely answer types from the pool and the entities the
// question names.
export const queryAnalysisPrompt = (question: string, pool: Record<string, string[]>) => `---Role---

You are a helpful assistant tasked with identifying both answer-type and low-level keywords in the user's query.

---Goal---

Given the query, list both answer-type and low-level keywords.
answer_type_keywords focus on the type of the answer to the certain query, while low-level keywords focus on specific entities, details, or concrete terms.
The answer_type_keywords must be selected from the answer type pool. The pool is a dictionary: each key is a type you may choose, its value lists example entities of that type.

---Instructions---

- Output the keywords in JSON format, and nothing else.
- The JSON has two keys:
  - "answer_type_keywords" for the types of the answer, most likely first, no more than 3.
  - "entities_from_query" for specific entities or details, taken from the query.

---Example---

Query: "When was SpaceX's first rocket launch?"
Answer type pool: {"DATE AND TIME": ["2023-10-10 10:00"], "ORGANIZATION": ["GREENPEACE"], "GEO": ["PARIS"]}
Output:
{"answer_type_keywords": ["DATE AND TIME", "ORGANIZATION"], "entities_from_query": ["SpaceX", "Rocket launch"]}

---Real Data---

Query: ${question}
Answer type pool: ${JSON.stringify(pool)}
Output:
`;

const strings = (value: unknown) =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string" && item.trim() !== "").map((item) => item.trim())
    : [];

// The model's answer, or null when it holds no such JSON (the question itself is then the one entity).
export const parseQueryAnalysis = (answer: string, pool: Record<string, string[]>) => {
  const parsed = jsonObjectIn(answer);
  if (!parsed) return null;
  const known = new Map(Object.keys(pool).map((type) => [type.toLowerCase(), type]));
  const types = strings(parsed.answer_type_keywords)
    .map((type) => known.get(type.toLowerCase()))
    .filter((type): type is string => type !== undefined)
    .slice(0, MAX_ANSWER_TYPES);
  return { types, entities: strings(parsed.entities_from_query).slice(0, MAX_QUERY_ENTITIES) };
};

const otherEnd = (edge: GraphEdge, id: string) => (edge.source === id ? edge.target : edge.source);

export const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

type Signals = {
  // entity id → similarity of its name to the question's entities
  entitySimilarity: Map<string, number>;
  // ids of the entities of the answer types
  typed: Set<string>;
  // relation (pairKey of its ends) → similarity of its text to the question
  relationSimilarity: Map<string, number>;
};

// The part of the graphs for a question (RAGFlow's scoring): n-hop paths from a found entity add its
// similarity to the relations along them, halved and then thirded by distance; entities of an answer type count
// double, relations get a share for each typed end.
export const rankGraphContext = (
  graphs: KnowledgeGraph[],
  { entitySimilarity, typed, relationSimilarity }: Signals,
) => {
  const nodes = new Map(graphs.flatMap((graph) => graph.nodes.map((node) => [node.id, node] as const)));
  const edges = new Map(
    graphs.flatMap((graph) => graph.edges.map((edge) => [pairKey(edge.source, edge.target), edge] as const)),
  );
  const neighbours = new Map<string, GraphEdge[]>();
  for (const edge of edges.values()) {
    for (const end of [edge.source, edge.target]) {
      const list = neighbours.get(end) ?? [];
      list.push(edge);
      neighbours.set(end, list);
    }
  }
  const pathSimilarity = new Map<string, number>();
  const addPath = (key: string, share: number) => pathSimilarity.set(key, (pathSimilarity.get(key) ?? 0) + share);
  for (const [id, similarity] of entitySimilarity) {
    for (const first of neighbours.get(id) ?? []) {
      const middle = otherEnd(first, id);
      addPath(pairKey(id, middle), similarity / 2);
      for (const second of neighbours.get(middle) ?? []) {
        const end = otherEnd(second, middle);
        if (end !== id) addPath(pairKey(middle, end), similarity / 3);
      }
    }
  }

  const entities = [...entitySimilarity]
    .flatMap(([id, similarity]) => {
      const node = nodes.get(id);
      return node ? [{ node, score: similarity * (typed.has(id) ? 2 : 1) * node.pagerank }] : [];
    })
    .toSorted((a, b) => b.score - a.score || a.node.id.localeCompare(b.node.id))
    .slice(0, TOP_ENTITIES);

  const typedEnds = (edge: GraphEdge) => (typed.has(edge.source) ? 1 : 0) + (typed.has(edge.target) ? 1 : 0);
  const relationScores = new Map<string, number>();
  for (const [key, similarity] of relationSimilarity) {
    const edge = edges.get(key);
    if (edge) relationScores.set(key, similarity * ((pathSimilarity.get(key) ?? 0) + typedEnds(edge) + 1));
  }
  for (const [key, similarity] of pathSimilarity) {
    const edge = edges.get(key);
    if (edge && !relationScores.has(key)) relationScores.set(key, similarity * (typedEnds(edge) + 1));
  }
  const relations = [...relationScores]
    .flatMap(([key, score]) => {
      const edge = edges.get(key);
      return edge ? [{ edge, score: score * edge.weight }] : [];
    })
    .toSorted(
      (a, b) =>
        b.score - a.score || a.edge.source.localeCompare(b.edge.source) || a.edge.target.localeCompare(b.edge.target),
    )
    .slice(0, TOP_RELATIONS);
  return { entities, relations };
};

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (header: string[], rows: string[][]) =>
  [`,${header.join(",")}`, ...rows.map((row, i) => [String(i), ...row.map(csvCell)].join(","))].join("\n");

// The text of the knowledge-graph chunk, as RAGFlow writes it: CSV tables of entities and relations with their
// scores, then the community report.
export const graphContextText = ({ entities, relations }: ReturnType<typeof rankGraphContext>, report: string | null) =>
  [
    ...(entities.length
      ? [
          `---- Entities ----\n${csv(
            ["Entity", "Score", "Description"],
            entities.map(({ node, score }) => [node.entity_name, score.toFixed(2), node.description]),
          )}`,
        ]
      : []),
    ...(relations.length
      ? [
          `---- Relations ----\n${csv(
            ["From Entity", "To Entity", "Score", "Description"],
            relations.map(({ edge, score }) => [edge.source, edge.target, score.toFixed(2), edge.description]),
          )}`,
        ]
      : []),
    ...(report ? [`---- Community Report ----\n${report}`] : []),
  ].join("\n\n");
