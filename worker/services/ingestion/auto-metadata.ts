import { eq } from "drizzle-orm";
import { fitsMetaFields, META_FIELDS_MAX_BYTES } from "../../contract/limits";
import type { ParserConfig } from "../../contract/parser-config";
import { documents } from "../../db/schema";
import { inParallel } from "../../lib/batches";
import { nowMs } from "../../lib/time";
import { type Metadata, mergeMetadata, metadataPrompt, parseMetadataAnswer } from "../../rag/auto-metadata";
import type { ChunkDraft } from "../../rag/chunk";
import type { Deps } from "../context";
import { addUsage, recordUsage } from "../models/usage";
import { enrichmentModel } from "../models/team-chat-model";
import { seconds } from "../progress/lines";

// RAGFlow's auto metadata: with `enable_metadata` on the knowledge base, the chat model fills the configured
// fields from every chunk; the values join the document's metadata (lists gain values, a later single value
// replaces an earlier one), and what someone set by hand wins over what the model found.
export const extractDocumentMetadata = async (
  deps: Deps,
  dataset: { tenantId: string; parserConfig: ParserConfig },
  documentId: string,
  drafts: ChunkDraft[],
  report: (progress: number, message?: string) => Promise<void>,
) => {
  const config = dataset.parserConfig;
  const fields = [...(config.metadata ?? []), ...(config.built_in_metadata ?? [])];
  if (!config.enable_metadata || fields.length === 0 || drafts.length === 0) return;
  const model = await enrichmentModel(deps, dataset.tenantId, config);
  if (!model) {
    await report(0.67, "Metadata generation skipped: no chat model is set up (model settings).");
    return;
  }
  const started = Date.now();
  await report(0.67, `Start to generate meta-data for ${drafts.length} chunks with ${model.id}.`);
  const found: Metadata[] = Array.from({ length: drafts.length }, () => ({}));
  const usage = { promptTokens: 0, completionTokens: 0 };
  await inParallel(
    drafts.map((draft, i) => ({ draft, i })),
    async ({ draft, i }) => {
      const answer = await model.complete(metadataPrompt(fields, draft.content), { temperature: 0.1 });
      addUsage(usage, answer.usage);
      found[i] = parseMetadataAnswer(answer.text, fields);
    },
  );
  await recordUsage(deps, dataset.tenantId, model.id, usage);
  const extracted = found.reduce(mergeMetadata, {});
  const doc = await deps.db.query.documents.findFirst({ where: eq(documents.id, documentId) });
  const merged = mergeMetadata(extracted, (doc?.metaFields ?? {}) as Metadata);
  const keys = Object.keys(extracted);
  if (keys.length && !fitsMetaFields(merged)) {
    await report(0.68, `Metadata not saved: it would exceed ${META_FIELDS_MAX_BYTES / 1024} KB as JSON.`);
    return;
  }
  if (keys.length)
    await deps.db
      .update(documents)
      .set({ metaFields: merged, updateTime: nowMs() })
      .where(eq(documents.id, documentId));
  await report(
    0.68,
    `Metadata generation ${drafts.length} chunks completed (${seconds(started)}): ${keys.length ? keys.join(", ") : "nothing found"}.`,
  );
};
