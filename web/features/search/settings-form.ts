import type { ParseKeys } from "i18next";
import * as v from "valibot";
import { TopKSchema } from "../../../worker/contract/searches";
import type { SearchApp, SearchConfig } from "../../api/searches";
import {
  metaDataFilterFrom,
  type MetadataFilterSetting,
  metadataFilterSettingError,
  metadataFilterSettingOf,
} from "../retrieval/metadata-filter-setting";
import { roundWeight } from "../retrieval/weight-slider";

// What the settings dialog edits; top_k stays text while typing.
export type SettingsValues = {
  name: string;
  description: string;
  kbIds: string[];
  similarityThreshold: number;
  vectorWeight: number;
  topK: string;
  rerankId: string;
  chatId: string;
  summary: boolean;
  related: boolean;
  mindMap: boolean;
  highlight: boolean;
  useKg: boolean;
  crossLanguages: string[];
  metadataFilter: MetadataFilterSetting;
};

export type SettingsErrors = Partial<Record<"name" | "kbIds" | "topK" | "metadataFilter", ParseKeys>>;

export const settingsValuesOf = (app: SearchApp): SettingsValues => ({
  name: app.name,
  description: app.description,
  kbIds: app.search_config.kb_ids,
  similarityThreshold: app.search_config.similarity_threshold,
  vectorWeight: app.search_config.vector_similarity_weight,
  topK: String(app.search_config.top_k),
  rerankId: app.search_config.rerank_id,
  chatId: app.search_config.chat_id,
  summary: app.search_config.summary,
  related: app.search_config.related_search,
  // apps saved before the switch existed have none
  mindMap: app.search_config.query_mindmap ?? false,
  highlight: app.search_config.highlight,
  // apps saved before the field existed have none
  useKg: app.search_config.use_kg ?? false,
  crossLanguages: app.search_config.cross_languages ?? [],
  metadataFilter: metadataFilterSettingOf(app.search_config.meta_data_filter),
});

// top_k typed as text: digits only, then the contract's range (the server applies the same schema).
const topKFits = (text: string) => /^\s*\d+\s*$/.test(text) && v.is(TopKSchema, Number(text));

export const validateSettings = (values: SettingsValues): SettingsErrors => {
  const errors: SettingsErrors = {};
  if (!values.name.trim()) errors.name = "validation.required";
  if (values.kbIds.length === 0) errors.kbIds = "search.config.errors.knowledge";
  if (!topKFits(values.topK)) errors.topK = "search.config.errors.topK";
  const filterError = metadataFilterSettingError(values.metadataFilter);
  if (filterError) errors.metadataFilter = filterError;
  return errors;
};

// The PUT body: name, description and the whole edited part of search_config.
export const settingsPayload = (values: SettingsValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
  search_config: {
    kb_ids: values.kbIds,
    similarity_threshold: values.similarityThreshold,
    vector_similarity_weight: roundWeight(values.vectorWeight),
    top_k: Number(values.topK),
    rerank_id: values.rerankId,
    chat_id: values.chatId,
    summary: values.summary,
    related_search: values.related,
    query_mindmap: values.mindMap,
    highlight: values.highlight,
    use_kg: values.useKg,
    cross_languages: values.crossLanguages,
    meta_data_filter: metaDataFilterFrom(values.metadataFilter),
  } satisfies Partial<SearchConfig>,
});
