import { inArray } from "drizzle-orm";
import { isModelWrittenFilter, type MetaDataFilter, metadataConditionOf } from "../../contract/chats";
import type { MetadataCondition, MetadataOperator } from "../../contract/metadata-condition";
import { documents } from "../../db/schema";
import type { ChatModel, TokenUsage } from "../../platform/providers/types";
import {
  type MetadataFields,
  metadataFilterPrompt,
  metadataMatches,
  parseMetadataFilterAnswer,
} from "../../rag/metadata-filter";
import type { ServiceContext } from "../context";
import { addUsage } from "../models/usage";
import { rowsInChunks } from "../../lib/batches";

type DocumentMetadata = { id: string; meta: Record<string, unknown> };

const metadataOf = async (ctx: ServiceContext, datasetIds: string[]): Promise<DocumentMetadata[]> =>
  (
    await rowsInChunks(datasetIds, (part) =>
      ctx.db
        .select({ id: documents.id, meta: documents.metaFields })
        .from(documents)
        .where(inArray(documents.datasetId, part)),
    )
  ).map((row) => ({ id: row.id, meta: (row.meta ?? {}) as Record<string, unknown> }));

const passing = (rows: DocumentMetadata[], condition: MetadataCondition) =>
  rows.filter((row) => metadataMatches(row.meta, condition));

// The documents of these datasets whose metadata passes the condition, within `documentIds` when given.
export const documentsByMetadata = async (
  ctx: ServiceContext,
  datasetIds: string[],
  condition: MetadataCondition,
  documentIds: string[],
) => {
  const within = documentIds.length ? new Set(documentIds) : null;
  return passing(await metadataOf(ctx, datasetIds), condition)
    .filter((row) => !within || within.has(row.id))
    .map((row) => row.id);
};

// what the model sees of each field: enough values to tell its kind and spelling
const VALUES_PER_FIELD = 30;

// Every metadata field of the documents with some of its values (list values flattened).
const metadataFieldsOf = (rows: DocumentMetadata[]): MetadataFields => {
  const fields = new Map<string, Set<string | number>>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row.meta)) {
      const values = fields.get(key) ?? new Set<string | number>();
      for (const item of [value].flat())
        if ((typeof item === "string" || typeof item === "number") && values.size < VALUES_PER_FIELD) values.add(item);
      fields.set(key, values);
    }
  }
  return Object.fromEntries([...fields].map(([key, values]) => [key, [...values]]));
};

// semi_auto's fields, and the operators it fixes for some of them
const semiAutoFields = (filter: MetaDataFilter) => {
  const items = (filter.semi_auto ?? []).map((item) => (typeof item === "string" ? { key: item } : item));
  const fixed: Record<string, MetadataOperator> = Object.fromEntries(
    items.filter((item) => item.op).map((item) => [item.key, item.op as MetadataOperator]),
  );
  return { keys: new Set(items.map((item) => item.key)), fixed };
};

// The chat model's filter for one question (auto, or semi_auto over its fields). None without a model or
// metadata, and none when its conditions pass no document: RAGFlow then searches everything, not nothing.
const modelMetadataCondition = async (
  ctx: ServiceContext,
  datasetIds: string[],
  filter: MetaDataFilter,
  question: string,
  model: ChatModel,
  usage: TokenUsage,
) => {
  // one read: the fields the model sees and the documents its conditions are checked against
  const rows = await metadataOf(ctx, datasetIds);
  const all = metadataFieldsOf(rows);
  const semi = filter.method === "semi_auto" ? semiAutoFields(filter) : null;
  const fields: MetadataFields = semi
    ? Object.fromEntries(Object.entries(all).filter(([key]) => semi.keys.has(key)))
    : all;
  if (Object.keys(fields).length === 0) return undefined;
  const fixed = semi?.fixed ?? {};
  const answer = await model.complete(
    metadataFilterPrompt(fields, question, new Date().toISOString().slice(0, 10), fixed),
    { temperature: 0 },
  );
  addUsage(usage, answer.usage);
  const condition = parseMetadataFilterAnswer(answer.text, new Set(Object.keys(fields)), fixed);
  if (condition.conditions.length === 0) return undefined;
  return passing(rows, condition).length ? condition : undefined;
};

// The metadata condition an assistant's or search app's filter puts on one question's search (the built-in
// model writes no filter, so auto and semi_auto then search everything).
export const metadataConditionFor = async (
  ctx: ServiceContext,
  datasetIds: string[],
  filter: MetaDataFilter,
  question: string,
  model: ChatModel | null,
  usage: TokenUsage,
) =>
  isModelWrittenFilter(filter)
    ? model
      ? modelMetadataCondition(ctx, datasetIds, filter, question, model, usage)
      : undefined
    : metadataConditionOf(filter);
