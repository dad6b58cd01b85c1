import { and, eq, inArray } from "drizzle-orm";
import {
  type ChunkMethod,
  defaultParserConfig,
  effectiveParserConfig,
  type ParserConfig,
} from "../../contract/parser-config";
import { documents, RUN, tasks } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { PlanMessage } from "../../platform/queue";
import { countPdfPages } from "../../rag/parse/pdf";
import { UnreadableDocumentError } from "../../rag/parse/types";
import type { Deps } from "../context";
import { aggregateDocument } from "./aggregate";
import { failDocument } from "./fail";

type Range = { fromPage: number; toPage: number };

// PDF tasks cover task_page_size pages inside the configured page ranges (RAGFlow's queue_tasks).
// Unset (null) task_page_size and pages mean the method's task size and every page.
export const pageTasks = (
  pageCount: number,
  config: ParserConfig,
  method: ChunkMethod,
  wholeFile: boolean,
): Range[] => {
  if (wholeFile) return [{ fromPage: 1, toPage: pageCount }];
  const size = Math.max(1, config.task_page_size ?? defaultParserConfig(method).task_page_size ?? 1);
  const ranges: Range[] = [];
  for (const [from, to] of config.pages?.length ? config.pages : [[1, pageCount] as [number, number]]) {
    for (let start = from; start <= Math.min(to, pageCount); start += size) {
      ranges.push({ fromPage: start, toPage: Math.min(start + size - 1, to, pageCount) });
    }
  }
  return ranges;
};

export const planTasks = async (deps: Deps, message: PlanMessage) => {
  const doc = await deps.db.query.documents.findFirst({
    where: and(eq(documents.id, message.documentId), eq(documents.tenantId, message.tenantId)),
  });
  // a newer parse run, a cancellation or a deleted document makes this message stale
  if (!doc || doc.run !== RUN.running || doc.processBeginAt !== message.begin) return;

  let ranges: Range[] = [{ fromPage: 0, toPage: 0 }];
  // an ingestion pipeline reads the whole file in one task
  const dataset = await deps.db.query.datasets.findFirst({ where: (t, { eq: equals }) => equals(t.id, doc.datasetId) });
  if (doc.suffix === "pdf" && !dataset?.pipelineId) {
    const blob = await deps.storage.get(doc.location);
    if (!blob) return failDocument(deps, doc.id, "The file is missing from storage.");
    try {
      const pageCount = await countPdfPages(new Uint8Array(await new Response(blob.body).arrayBuffer()));
      const config = effectiveParserConfig(doc.parserId, doc.parserConfig);
      ranges = pageTasks(
        pageCount,
        config,
        doc.parserId as ChunkMethod,
        doc.parserId === "one" || config.layout_recognize !== "DeepDOC",
      );
    } catch (error) {
      if (error instanceof UnreadableDocumentError) return failDocument(deps, doc.id, error.message);
      throw error;
    }
    if (ranges.length === 0) return failDocument(deps, doc.id, "No pages to parse in the configured page ranges.");
  }
  const now = nowMs();
  const rows = ranges.map((range) => ({
    id: newId(),
    documentId: doc.id,
    datasetId: doc.datasetId,
    tenantId: doc.tenantId,
    ...range,
    createTime: now,
  }));
  for (const row of rows) await deps.db.insert(tasks).values(row);
  // a stop that arrived while the file was being split wins: the new tasks are closed, not queued
  const current = await deps.db.query.documents.findFirst({ where: eq(documents.id, doc.id) });
  if (current?.run !== RUN.running || current.processBeginAt !== message.begin) {
    for (const part of inChunks(rows.map((row) => row.id))) {
      await deps.db.update(tasks).set({ state: "cancelled" }).where(inArray(tasks.id, part));
    }
    return;
  }
  await aggregateDocument(deps, doc.id);
  await deps.queue.sendMany(rows.map((row) => ({ type: "task" as const, tenantId: doc.tenantId, taskId: row.id })));
};
