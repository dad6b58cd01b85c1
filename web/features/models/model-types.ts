import type { ParseKeys } from "i18next";
import type { ModelType } from "../../api/models";

export const BUILTIN_PROVIDER = "Builtin";

const TYPE_LABELS: Record<ModelType, ParseKeys> = {
  chat: "models.types.chat",
  embedding: "models.types.embedding",
  rerank: "models.types.rerank",
  image2text: "models.types.image2text",
  speech2text: "models.types.speech2text",
  tts: "models.types.tts",
};

export const isModelType = (value: string): value is ModelType => Object.hasOwn(TYPE_LABELS, value);

// The translation key of a model type; unknown types (from a newer server) show as they are.
export const typeLabelKey = (type: string): ParseKeys | null => (isModelType(type) ? TYPE_LABELS[type] : null);

// What each built-in model really does, said plainly on the built-in provider's card.
const BUILTIN_NOTES: Record<string, ParseKeys> = {
  "builtin-hash": "models.builtinModels.builtin-hash",
  "builtin-extractive": "models.builtinModels.builtin-extractive",
  "builtin-rerank": "models.builtinModels.builtin-rerank",
};

export const builtinNoteKey = (name: string): ParseKeys | null => BUILTIN_NOTES[name] ?? null;
