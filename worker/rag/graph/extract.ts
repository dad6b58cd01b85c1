import type { Entity, Extraction, Relation } from "../../contract/knowledge-graph";
import type { GraphragMethod } from "../../contract/parser-config";
import type { ChatMessage } from "../../platform/providers/types";
import { jsonObjectIn } from "../json-answer";

const ANSWER_SHAPE =
  'Answer with JSON only: {"entities": [{"name": "...", "type": "...", "description": "..."}], ' +
  '"relations": [{"source": "<entity name>", "target": "<entity name>", "description": "...", "weight": <1-10 strength>';

// RAGFlow's two extraction prompts (their content, our wording; JSON instead of their delimiter format):
// "light" follows LightRAG (short descriptions, keywords per relation), "general" follows Microsoft GraphRAG
// (comprehensive descriptions of every entity and every clearly related pair).
const SYSTEM_PROMPTS: Record<GraphragMethod, (types: string) => string> = {
  light: (types) =>
    `You build a knowledge graph. From the text below, extract the ENTITIES of these types: ${types}; and the ` +
    "RELATIONS between them that the text states. Keep names as written in the text; write descriptions in the " +
    "language of the text, one sentence each. For each relation give up to three high-level keywords that " +
    `summarise its nature. ${ANSWER_SHAPE}, "keywords": ["..."]}]}`,
  general: (types) =>
    "You build a knowledge graph. -Goal- Given the text below, identify ALL entities of these types: " +
    `${types}; and ALL relationships among the identified entities. -Steps- 1. For each entity give its name ` +
    "(capitalised, in the language of the text), its type and a comprehensive description of its attributes and " +
    "activities. 2. For each pair of entities that are clearly related, explain why they are related and give a " +
    "numeric score from 1 to 10 for the strength of the relationship. Write descriptions in the language of the " +
    `text. ${ANSWER_SHAPE}}]}`,
  // RAGFlow v0.27's "ner": named entities only, no relations between them
  ner: (types) =>
    `You recognise named entities. From the text below, extract the ENTITIES of these types: ${types}. Keep names ` +
    "as written in the text; write each description in the language of the text, one sentence. Extract no " +
    'relations. Answer with JSON only: {"entities": [{"name": "...", "type": "...", "description": "..."}], ' +
    '"relations": []}',
};

export const extractionPrompt = (content: string, entityTypes: string[], method: GraphragMethod): ChatMessage[] => [
  { role: "system", content: SYSTEM_PROMPTS[method](entityTypes.join(", ")) },
  { role: "user", content },
];

// Gleaning (both methods in RAGFlow): after the first answer the model is asked for what it missed, at most
// twice, and between the two asked whether anything is still missing.
export const MAX_GLEANINGS = 2;
export const CONTINUE_PROMPT =
  "MANY entities were missed in the last extraction. Add them below using the same JSON format:";
export const LOOP_PROMPT =
  "It appears some entities may have still been missed. Answer Y if there are still entities that need to be added, " +
  "or N if there are none. Please answer with a single letter Y or N.";

export const wantsMoreGleaning = (answer: string) =>
  answer
    .trim()
    .replace(/^["']|["'.]$/g, "")
    .toUpperCase()
    .startsWith("Y");

const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

const MAX_NAME = 128;
const MAX_DESCRIPTION = 1000;
const MAX_KEYWORDS = 3;

const keywordsOf = (value: unknown) =>
  [
    ...new Set(
      (Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [])
        .map((word) => text(word, MAX_NAME))
        .filter(Boolean),
    ),
  ].slice(0, MAX_KEYWORDS);

// The model's answer as entities of the configured types (case-insensitive) and relations between them;
// anything else the model invents is dropped. Null when the answer holds no JSON object. `known` names
// entities found earlier in the same chunk (a gleaning may relate a new entity to one of them).
export const parseExtraction = (answer: string, entityTypes: string[], known: Entity[] = []): Extraction | null => {
  const json = jsonObjectIn(answer);
  if (!json) return null;
  const types = new Map(entityTypes.map((type) => [type.toLowerCase(), type]));
  const entities = (Array.isArray(json.entities) ? json.entities : []).flatMap(
    (item: Record<string, unknown>): Entity[] => {
      const name = text(item?.name, MAX_NAME);
      const type = types.get(text(item?.type, MAX_NAME).toLowerCase());
      return name && type ? [{ name, type, description: text(item?.description, MAX_DESCRIPTION) }] : [];
    },
  );
  const names = new Set([...known, ...entities].map((entity) => entityKey(entity.name)));
  const relations = (Array.isArray(json.relations) ? json.relations : []).flatMap(
    (item: Record<string, unknown>): Relation[] => {
      const source = text(item?.source, MAX_NAME);
      const target = text(item?.target, MAX_NAME);
      if (!names.has(entityKey(source)) || !names.has(entityKey(target)) || entityKey(source) === entityKey(target))
        return [];
      const weight = Number(item?.weight);
      return [
        {
          source,
          target,
          description: text(item?.description, MAX_DESCRIPTION),
          weight: Number.isFinite(weight) ? Math.min(10, Math.max(1, weight)) : 1,
          keywords: keywordsOf(item?.keywords),
        },
      ];
    },
  );
  return { entities, relations };
};

// Entities are one node whatever the case of their name (RAGFlow upper-cases names).
export const entityKey = (name: string) => name.trim().toLocaleUpperCase("de");
