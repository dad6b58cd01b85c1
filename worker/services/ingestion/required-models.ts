import type { DocumentRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { AUDIO_SUFFIXES, IMAGE_SUFFIXES } from "../../lib/content-types";
import { BUILTIN_PROVIDER, parseModelId } from "../../platform/providers/catalogue";
import type { Deps } from "../context";
import { tenantDefaultsFor } from "../models/catalogue-view";

// Why the document cannot be parsed with the team's models, or null: images need the image-to-text model,
// recordings the speech-to-text model, the Resume method a chat model that writes (not the built-in one): the
// document's own, else the knowledge base's, else the team's default (as the task picks it, run-task.ts).
const missingModel = (
  doc: Pick<DocumentRow, "name" | "suffix" | "parserId" | "parserConfig">,
  datasetLlmId: string,
  defaults: Awaited<ReturnType<typeof tenantDefaultsFor>>,
) => {
  if (IMAGE_SUFFIXES.has(doc.suffix) && !defaults.img2txt_id)
    return `"${doc.name}" is an image: parsing it needs an image-to-text model. Set one in the system model settings.`;
  if (AUDIO_SUFFIXES.has(doc.suffix) && !defaults.asr_id)
    return `"${doc.name}" is an audio file: parsing it needs a speech-to-text model. Set one in the system model settings.`;
  const chat = doc.parserConfig.llm_id || datasetLlmId || defaults.llm_id;
  if (doc.parserId === "resume" && (!chat || parseModelId(chat).provider === BUILTIN_PROVIDER))
    return `"${doc.name}" uses the Resume method, which needs a chat model. Set one in the system model settings, or choose another method.`;
  return null;
};

// Refuses a parse request, before anything is written, when one of its documents needs a model the team lacks
// (rather than parsing it some other way or failing it in the queue).
export const assertModelsFor = async (
  deps: Deps,
  tenantId: string,
  docs: Pick<DocumentRow, "name" | "suffix" | "parserId" | "parserConfig">[],
  datasetLlmId = "",
) => {
  const defaults = await tenantDefaultsFor(deps, tenantId);
  const reasons = [...new Set(docs.map((doc) => missingModel(doc, datasetLlmId, defaults)).filter(Boolean))];
  if (reasons.length === 0) return;
  const more = reasons.length > 3 ? ` (and ${reasons.length - 3} more)` : "";
  throw dataError(`${reasons.slice(0, 3).join(" ")}${more}`);
};
