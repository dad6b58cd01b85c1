import { eq } from "drizzle-orm";
import { fitsMetaFields, META_FIELDS_MAX_BYTES } from "../../contract/limits";
import type { ParserConfig } from "../../contract/parser-config";
import { documents } from "../../db/schema";
import { nowMs } from "../../lib/time";
import { type Metadata, mergeMetadata } from "../../rag/auto-metadata";
import { parseResume, resumeMetadata, resumePrompt, type ResumeFields } from "../../rag/chunk/resume";
import { UnreadableDocumentError } from "../../rag/parse";
import type { ParsedDocument } from "../../rag/parse/types";
import type { Deps } from "../context";
import { enrichmentModel } from "../models/team-chat-model";
import { recordUsage } from "../models/usage";
import { seconds } from "../progress/lines";

export const NO_RESUME_MODEL =
  "The Resume method needs a chat model to extract the fields (name, contact, education, experience, skills). Set one in the system model settings, or choose another method.";

// The model is asked again once when its answer holds no usable fields.
const TRIES = 2;

type Report = (progress: number, message?: string) => Promise<void>;

// RAGFlow's resume method: the chat model (the knowledge base's, else the team's default) reads the resume and
// answers its fields as JSON; they join the document's metadata (values set by hand win).
export const extractResume = async (
  deps: Deps,
  doc: { id: string; tenantId: string },
  config: ParserConfig,
  parsed: ParsedDocument,
  report: Report,
): Promise<ResumeFields> => {
  const model = await enrichmentModel(deps, doc.tenantId, config);
  if (!model) throw new UnreadableDocumentError(NO_RESUME_MODEL);
  const started = Date.now();
  await report(0.55, `Extracting the resume's fields with ${model.id}.`);
  const text = parsed.blocks.map((block) => block.text).join("\n");
  let fields: ResumeFields | null = null;
  for (let attempt = 0; attempt < TRIES && !fields; attempt++) {
    const answer = await model.complete(resumePrompt(text), { temperature: 0.1 });
    await recordUsage(deps, doc.tenantId, model.id, answer.usage);
    fields = parseResume(answer.text);
  }
  if (!fields)
    throw new UnreadableDocumentError(
      `The chat model ${model.id} gave no resume fields (a JSON object was expected). Try another chat model, or choose another method.`,
    );
  const extracted = resumeMetadata(fields);
  const stored = await deps.db.query.documents.findFirst({ where: eq(documents.id, doc.id) });
  const merged = mergeMetadata(extracted, (stored?.metaFields ?? {}) as Metadata);
  if (fitsMetaFields(merged))
    await deps.db.update(documents).set({ metaFields: merged, updateTime: nowMs() }).where(eq(documents.id, doc.id));
  else await report(0.56, `Resume fields not saved as metadata: they would exceed ${META_FIELDS_MAX_BYTES / 1024} KB.`);
  await report(0.56, `Resume fields extracted (${seconds(started)}): ${Object.keys(extracted).join(", ")}.`);
  return fields;
};
