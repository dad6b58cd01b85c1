import { and, eq } from "drizzle-orm";
import { effectiveParserConfig, type ParserConfig } from "../../contract/parser-config";
import { type DocumentRow, documents, RUN, tasks, type TaskRow } from "../../db/schema";
import { AUDIO_SUFFIXES, IMAGE_SUFFIXES } from "../../lib/content-types";
import { nowMs } from "../../lib/time";
import type { TaskMessage } from "../../platform/queue";
import { chunkDocument, type ChunkDraft } from "../../rag/chunk";
import { withChildren } from "../../rag/chunk/children";
import { parseDocument, UnreadableDocumentError } from "../../rag/parse";
import {
  chunkRow,
  contentChunkId,
  dropTaskChunksExcept,
  storeVectors,
  uniqueById,
  upsertChunks,
} from "../chunk-store/store";
import type { Deps } from "../context";
import { aggregateDocument } from "./aggregate";
import { describeImage, imageModelOf } from "./describe-image";
import { figureDrafts, WITH_FIGURES } from "./figures";
import { ocrStoppedMessage, readScannedPages, scannedOnlyMessage } from "./ocr";
import { transcribeAudio } from "./transcribe-audio";
import { extractResume } from "./extract-resume";
import { resumeChunks } from "../../rag/chunk/resume";
import { extractDocumentMetadata } from "./auto-metadata";
import { enrichDrafts } from "./enrich";
import { failTask } from "./fail";
import { isSilent, PARSE_FINISHED, PARSE_STARTED, settleDeadAttempt } from "./stalls";
import { tagDrafts } from "./tag";
import { runPipelineTask } from "./pipeline/task";
import { appendLine, progressLine, seconds } from "../progress/lines";

const EMBED_BATCH = 64;

class TaskCancelled extends Error {}

const AGGREGATE_EVERY_MS = 1000;

const reporter = (deps: Deps, task: TaskRow) => {
  let log = task.progressMsg;
  let aggregatedAt = 0;
  const report = async (progress: number, message?: string) => {
    if (message) log = appendLine(log, progressLine(message, task.fromPage, task.toPage));
    const [row] = await deps.db
      .update(tasks)
      .set({ progress, progressMsg: log, heartbeatAt: nowMs() })
      .where(and(eq(tasks.id, task.id), eq(tasks.state, "running")))
      .returning({ id: tasks.id });
    // the update misses when the task was cancelled (or re-queued) meanwhile: stop here
    if (!row) throw new TaskCancelled();
    // the document view needs fresh progress, not one recount per step of a fast task
    if (Date.now() - aggregatedAt >= AGGREGATE_EVERY_MS) {
      aggregatedAt = Date.now();
      await aggregateDocument(deps, task.documentId);
    }
  };
  // the last line and the "done" state in one write, so a finished task is never half-reported
  const finish = async (message: string, duration: number) => {
    log = appendLine(log, progressLine(message, task.fromPage, task.toPage));
    await deps.db
      .update(tasks)
      .set({ state: "done", progress: 1, progressMsg: log, duration, heartbeatAt: nowMs() })
      .where(and(eq(tasks.id, task.id), eq(tasks.state, "running")));
    await aggregateDocument(deps, task.documentId);
  };
  return { report, finish };
};

type Report = (progress: number, message?: string) => Promise<void>;

// The task with its document and dataset, when it is still to run. A task whose document is no longer running
// (cancelled or re-queued while the task waited) is closed, so nothing retries it.
const loadTask = async (deps: Deps, message: TaskMessage) => {
  const task = await deps.db.query.tasks.findFirst({
    where: and(eq(tasks.id, message.taskId), eq(tasks.tenantId, message.tenantId)),
  });
  if (!task || task.state === "done" || task.state === "cancelled" || task.state === "failed") return null;
  const doc = await deps.db.query.documents.findFirst({ where: eq(documents.id, task.documentId) });
  if (!doc || doc.run !== RUN.running) {
    await deps.db.update(tasks).set({ state: "cancelled" }).where(eq(tasks.id, task.id));
    return null;
  }
  const dataset = await deps.db.query.datasets.findFirst({ where: (t, { eq: equals }) => equals(t.id, doc.datasetId) });
  return dataset ? { task, doc, dataset } : null;
};

// Marks the task running (one more attempt) and returns when it started.
const startTask = async (deps: Deps, task: TaskRow) => {
  const started = nowMs();
  await deps.db
    .update(tasks)
    .set({ state: "running", attempts: task.attempts + 1, beginAt: started, heartbeatAt: started })
    .where(eq(tasks.id, task.id));
  return started;
};

// Reads the file and parses the task's page range: an image file is described, an audio file transcribed, a
// virtual document has no text.
// Figures are taken out when the image-to-text model can describe them.
const parseTask = async (deps: Deps, task: TaskRow, doc: DocumentRow, config: ParserConfig) => {
  const blob = await deps.storage.get(doc.location);
  const bytes = blob ? new Uint8Array(await new Response(blob.body).arrayBuffer()) : new Uint8Array();
  if (!blob && doc.type !== "virtual") throw new UnreadableDocumentError("The file is missing from storage.");
  const figureModel = WITH_FIGURES.has(doc.suffix) ? await imageModelOf(deps, doc.tenantId).catch(() => null) : null;
  if (doc.type === "virtual") return { parsed: { blocks: [] }, figureModel };
  if (IMAGE_SUFFIXES.has(doc.suffix))
    return { parsed: await describeImage(deps, doc.tenantId, doc.suffix, bytes), figureModel };
  if (AUDIO_SUFFIXES.has(doc.suffix))
    return { parsed: await transcribeAudio(deps, doc.tenantId, doc.name, bytes), figureModel };
  const parsed = await parseDocument(doc.suffix, doc.name, bytes, {
    fromPage: task.fromPage || 1,
    toPage: task.toPage || Number.MAX_SAFE_INTEGER,
    html4excel: config.html4excel,
    figures: Boolean(figureModel),
    layout: config.layout_recognize !== "Plain Text",
    scans: Boolean(figureModel),
  });
  return { parsed, figureModel };
};

// The parser's chunks (of an image file showing the image) and the described figures; with parent-child
// chunking, `matched` holds the children that retrieval matches.
const chunkTask = async (
  deps: Deps,
  task: TaskRow,
  doc: DocumentRow,
  config: ParserConfig,
  { parsed, figureModel }: Awaited<ReturnType<typeof parseTask>>,
  report: Report,
) => {
  const figures = parsed.figures ?? [];
  const note = (line: string) => report(0.5, line);
  const figureChunks =
    figureModel && figures.length
      ? await figureDrafts(deps, doc, task.fromPage || 1, figures, figureModel, note, () => report(0.5))
      : [];
  if (figures.length) await report(0.55, `${figureChunks.length} of ${figures.length} figures described.`);
  const imageId = IMAGE_SUFFIXES.has(doc.suffix) ? `${doc.datasetId}-${doc.id}` : undefined;
  const chunkConfig = {
    chunkTokenNum: config.chunk_token_num,
    delimiter: config.delimiter,
    overlappedPercent: config.overlapped_percent,
  };
  const resume =
    doc.parserId === "resume" && parsed.blocks.length ? await extractResume(deps, doc, config, parsed, report) : null;
  const drafts = [
    ...(resume ? resumeChunks(resume, parsed, chunkConfig) : chunkDocument(doc.parserId, parsed, chunkConfig)).map(
      (draft) => (imageId ? { ...draft, imageId } : draft),
    ),
    ...figureChunks,
  ];
  const matched =
    doc.parserId === "naive" && config.enable_children ? withChildren(drafts, config.children_delimiter) : drafts;
  if (drafts.length === 0 && doc.type !== "virtual") {
    const scanned = figureModel ? [] : (parsed.textless ?? []);
    const stopped = parsed.ocrStopped ?? [];
    throw new UnreadableDocumentError(
      scanned.length
        ? scannedOnlyMessage(scanned)
        : stopped.length
          ? ocrStoppedMessage(parsed.textless ?? stopped)
          : doc.suffix === "pdf"
            ? "No text found on these pages."
            : "No text found in the file.",
    );
  }
  await report(
    0.6,
    matched === drafts
      ? `Generate ${drafts.length} chunks.`
      : `Generate ${drafts.length} chunks with ${matched.length} child chunks.`,
  );
  return { drafts, matched };
};

// One parse task: read the file, parse the page range, chunk, enrich, tag, embed in batches, index.
// Idempotent: chunk ids hash (document, content), so a retried task rewrites the same rows.
export const runTask = async (deps: Deps, message: TaskMessage) => {
  const loaded = await loadTask(deps, message);
  if (!loaded) return;
  const { task, doc, dataset } = loaded;
  // a redelivered message finds its task "running": another delivery runs it now, or that attempt died
  if (task.state === "running" && (!isSilent(deps, task) || !(await settleDeadAttempt(deps, task)))) return;
  const started = await startTask(deps, task);
  const { report, finish } = reporter(deps, { ...task, state: "running" });
  // keys a configuration saved before they existed lacks come from the method's defaults; a document without a
  // chat model of its own uses the knowledge base's (set after the document was uploaded), else the team's
  const merged = effectiveParserConfig(doc.parserId, doc.parserConfig);
  const config = { ...merged, llm_id: merged.llm_id || dataset.parserConfig.llm_id || "" };
  const datasetConfig = { ...dataset, parserConfig: effectiveParserConfig(dataset.parserId, dataset.parserConfig) };
  try {
    if (dataset.pipelineId) {
      await runPipelineTask(deps, task, doc, { ...dataset, pipelineId: dataset.pipelineId }, report);
      await finish(`Task done (${seconds(started)}).`, (nowMs() - started) / 1000);
      return;
    }
    await report(PARSE_STARTED, "Start to parse.");
    const parsed = await parseTask(deps, task, doc, config);
    await report(PARSE_FINISHED, `Finish parsing (${seconds(started)}).`);
    for (const note of parsed.parsed.notes ?? []) await report(PARSE_FINISHED, note);
    parsed.parsed = await readScannedPages(deps, doc.tenantId, parsed.parsed, parsed.figureModel, report);
    const { drafts, matched } = await chunkTask(deps, task, doc, config, parsed, report);
    const enriched = await enrichDrafts(deps, doc.tenantId, config, matched, report);
    const tagged = await tagDrafts(deps, datasetConfig, enriched, report);
    await extractDocumentMetadata(deps, datasetConfig, doc.id, drafts, report);
    await indexChunks(deps, task, { ...doc, parserConfig: config }, dataset, tagged, report);
    await finish(`Task done (${seconds(started)}).`, (nowMs() - started) / 1000);
  } catch (error) {
    if (error instanceof TaskCancelled) return;
    if (error instanceof UnreadableDocumentError) return failTask(deps, task.id, error.message);
    // the queue delivers the message again (or gives up): that delivery must find the task waiting, not running
    await deps.db
      .update(tasks)
      .set({ state: "queued" })
      .where(and(eq(tasks.id, task.id), eq(tasks.state, "running")));
    throw error;
  }
};

const indexChunks = async (
  deps: Deps,
  task: TaskRow,
  doc: { id: string; datasetId: string; tenantId: string; name: string; parserConfig: ParserConfig },
  dataset: { id: string; tenantId: string; embdId: string },
  drafts: ChunkDraft[],
  report: Report,
) => {
  const embedStarted = nowMs();
  const now = nowMs();
  // one id per parent, shared by its children
  const parentIds = new Map(
    await Promise.all(
      [...new Set(drafts.flatMap((draft) => (draft.parent ? [draft.parent] : [])))].map(
        async (parent) => [parent, await contentChunkId(doc.id, parent)] as const,
      ),
    ),
  );
  const rows = await Promise.all(
    drafts.map(async (draft, i) =>
      chunkRow(
        doc,
        {
          id: await contentChunkId(doc.id, draft.idKey ?? draft.content),
          content: draft.content,
          importantKeywords: draft.keywords ?? [],
          questions: draft.questions ?? [],
          tags: draft.tags ?? [],
          tagFeatures: draft.tagFeatures ?? {},
          position: task.fromPage * 100_000 + i,
          pages: draft.pages,
          positions: draft.positions ?? [],
          imageId: draft.imageId ?? "",
          momId: (draft.parent && parentIds.get(draft.parent)) ?? "",
          momContent: draft.parent ?? "",
          taskId: task.id,
        },
        now,
      ),
    ),
  );
  const unique = uniqueById(rows);
  for (let i = 0; i < unique.length; i += EMBED_BATCH) {
    const batch = unique.slice(i, i + EMBED_BATCH);
    await upsertChunks(deps, batch, "rewrite");
    await storeVectors(deps, dataset, doc, batch);
    await report(0.6 + 0.35 * ((i + batch.length) / unique.length));
  }
  await report(0.95, `Embedding and indexing ${unique.length} chunks (${seconds(embedStarted)}).`);
  await dropTaskChunksExcept(deps, task.id, new Set(unique.map((row) => row.id)));
};
