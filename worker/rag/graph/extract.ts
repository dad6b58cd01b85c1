import type { ChatMessage } from "../../platform/providers/types";
import { jsonObjectIn } from "../json-answer";

export type Entity = { name: string; type: string; description: string };
export type Relation = { source: string; target: string; description: string; weight: number };
export type Extraction = { entities: Entity[]; relations: Relation[] };

// RAGFlow's "light" GraphRAG extracts entities of the configured types and the relations between them from
// each chunk (its prompt, our wording; JSON instead of its delimiter format).
export const extractionPrompt = (content: string, entityTypes: string[]): ChatMessage[] => [
  {
    role: "system",
    content:
      "You build a knowledge graph. From the text below, extract the ENTITIES of these types: " +
      `${entityTypes.join(", ")}; and the RELATIONS between them that the text states. Keep names as written in ` +
      "the text; write descriptions in the language of the text, one sentence each. Answer with JSON only: " +
      '{"entities": [{"name": "...", "type": "...", "description": "..."}], ' +
      '"relations": [{"source": "<entity name>", "target": "<entity name>", "description": "...", "weight": <1-10 strength>}]}',
  },
  { role: "user", content },
];

const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

const MAX_NAME = 128;
const MAX_DESCRIPTION = 1000;

// The model's answer as entities of the configured types (case-insensitive) and relations between them;
// anything else the model invents is dropped. Null when the answer holds no JSON object.
export const parseExtraction = (answer: string, entityTypes: string[]): Extraction | null => {
  const json = jsonObjectIn(answer);
  if (!json) return null;
  const types = new Map(entityTypes.map((type) => [type.toLowerCase(), type]));
  const entities = (Array.isArray(json.entities) ? json.entities : []).flatMap((item: Record<string, unknown>): Entity[] => {
    const name = text(item?.name, MAX_NAME);
    const type = types.get(text(item?.type, MAX_NAME).toLowerCase());
    return name && type ? [{ name, type, description: text(item?.description, MAX_DESCRIPTION) }] : [];
  });
  const known = new Set(entities.map((entity) => entityKey(entity.name)));
  const relations = (Array.isArray(json.relations) ? json.relations : []).flatMap((item: Record<string, unknown>): Relation[] => {
    const source = text(item?.source, MAX_NAME);
    const target = text(item?.target, MAX_NAME);
    if (!known.has(entityKey(source)) || !known.has(entityKey(target)) || entityKey(source) === entityKey(target)) return [];
    const weight = Number(item?.weight);
    return [{ source, target, description: text(item?.description, MAX_DESCRIPTION), weight: Number.isFinite(weight) ? Math.min(10, Math.max(1, weight)) : 1 }];
  });
  return { entities, relations };
};

// Entities are one node whatever the case of their name (RAGFlow upper-cases names).
export const entityKey = (name: string) => name.trim().toLocaleUpperCase("de");
