import { and, eq } from "drizzle-orm";
import type { DataflowChunk } from "../../../contract/dataflow";
import { fitsMetaFields } from "../../../contract/limits";
import { agents, type DatasetRow, type DocumentRow, documents, type TaskRow } from "../../../db/schema";
import { nowMs } from "../../../lib/time";
import { type Metadata, mergeMetadata } from "../../../rag/auto-metadata";
import { jsonObjectIn } from "../../../rag/json-answer";
import { UnreadableDocumentError } from "../../../rag/parse/types";
import {
  chunkRow,
  contentChunkId,
  dropTaskChunksExcept,
  storeVectors,
  uniqueById,
  upsertChunks,
} from "../../chunk-store/store";
import type { Deps } from "../../context";
import { seconds } from "../../progress/lines";
import { type Indexing, runPipeline } from "./run";
import type { Progress } from "./types";

const EMBED_BATCH = 64;

const listOf = (value: string | undefined, separator: RegExp) =>
  (value ?? "")
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

// The text the Tokenizer's `fields` embed (RAGFlow joins a list field's items with newlines).
const embeddedText = (chunk: DataflowChunk, fields: string[]) =>
  fields
    .map((field) => {
      const value = (chunk as Record<string, unknown>)[field];
      return Array.isArray(value) ? value.join("\n") : typeof value === "string" ? value : "";
    })
    .join("");

// The Extractors' metadata answers (JSON objects) merged into the document's metadata.
const saveMetadata = async (deps: Deps, doc: DocumentRow, found: DataflowChunk[], report: Progress) => {
  const extracted = found
    .map((chunk) => (chunk.metadata ? jsonObjectIn(chunk.metadata) : null))
    .filter((value): value is Metadata => value !== null)
    .reduce(mergeMetadata, {});
  if (!Object.keys(extracted).length) return;
  const merged = mergeMetadata(extracted, (doc.metaFields ?? {}) as Metadata);
  if (!fitsMetaFields(merged)) return report(0.9, "Metadata not saved: it would exceed the metadata size limit.");
  await deps.db.update(documents).set({ metaFields: merged, updateTime: nowMs() }).where(eq(documents.id, doc.id));
  await report(0.9, `Metadata: ${Object.keys(extracted).join(", ")}.`);
};

const storeChunks = async (
  deps: Deps,
  task: TaskRow,
  doc: DocumentRow,
  dataset: DatasetRow,
  found: DataflowChunk[],
  indexing: Indexing,
  report: Progress,
) => {
  const now = nowMs();
  const made = await Promise.all(
    found.map(async (chunk, i) => {
      const row = chunkRow(
        doc,
        {
          id: await contentChunkId(doc.id, chunk.mom ? `${chunk.mom}\u0000${chunk.text}` : chunk.text),
          content: chunk.text,
          summary: chunk.summary ?? "",
          importantKeywords: listOf(chunk.keywords, /[,，]/),
          questions: listOf(chunk.questions, /\n/),
          position: i,
          pages: [...new Set((chunk.positions ?? []).map(([page]) => page as number))],
          positions: chunk.positions ?? [],
          momId: chunk.mom ? await contentChunkId(doc.id, chunk.mom) : "",
          momContent: chunk.mom ?? "",
          taskId: task.id,
        },
        now,
      );
      return { row, embedded: embeddedText(chunk, indexing.fields) || chunk.text };
    }),
  );
  const rows = uniqueById(made.map((entry) => ({ id: entry.row.id, ...entry })));
  const embed = indexing.searchMethod.includes("embedding");
  for (let i = 0; i < rows.length; i += EMBED_BATCH) {
    const batch = rows.slice(i, i + EMBED_BATCH);
    await upsertChunks(
      deps,
      batch.map((entry) => entry.row),
      "rewrite",
    );
    if (embed)
      await storeVectors(
        deps,
        dataset,
        { id: doc.id, name: doc.name, parserConfig: { filename_embd_weight: indexing.filenameEmbdWeight } },
        batch.map(({ row, embedded }) => ({ id: row.id, content: embedded, questions: row.questions ?? [] })),
      );
    await report(0.6 + 0.3 * ((i + batch.length) / rows.length));
  }
  await dropTaskChunksExcept(deps, task.id, new Set(rows.map((entry) => entry.id)));
  return rows.length;
};

// A document of a dataset with an ingestion pipeline: the pipeline (not the chunk method) makes its chunks, which
// are stored like any other. A component's failure fails the task with its message.
export const runPipelineTask = async (
  deps: Deps,
  task: TaskRow,
  doc: DocumentRow,
  dataset: DatasetRow & { pipelineId: string },
  report: Progress,
) => {
  const canvas = await deps.db.query.agents.findFirst({
    where: and(eq(agents.id, dataset.pipelineId), eq(agents.tenantId, dataset.tenantId)),
  });
  if (!canvas || canvas.canvasCategory !== "dataflow_canvas")
    throw new UnreadableDocumentError(
      `The dataset's ingestion pipeline ${dataset.pipelineId} no longer exists: pick another one or a chunk method.`,
    );
  const started = Date.now();
  await report(0.05, `Start the ingestion pipeline "${canvas.title}".`);
  const blob = await deps.storage.get(doc.location);
  if (!blob) throw new UnreadableDocumentError("The file is missing from storage.");
  const bytes = new Uint8Array(await new Response(blob.body).arrayBuffer());
  const run = await runPipeline(
    deps,
    dataset.tenantId,
    canvas.dsl,
    { name: doc.name, suffix: doc.suffix, bytes },
    report,
  );
  if (run.error) throw new UnreadableDocumentError(run.error);
  if (run.chunks.length === 0) throw new UnreadableDocumentError("The pipeline produced no chunks.");
  await report(0.6, `The pipeline made ${run.chunks.length} chunks (${seconds(started)}).`);
  await saveMetadata(deps, doc, run.chunks, report);
  const stored = await storeChunks(deps, task, doc, dataset, run.chunks, run.indexing, report);
  await report(
    0.95,
    `Indexed ${stored} chunks (${run.indexing.searchMethod.join(", ") || "no search method"}; ${seconds(started)}).`,
  );
};
