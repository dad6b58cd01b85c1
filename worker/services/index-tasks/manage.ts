import { and, asc, eq, inArray } from "drizzle-orm";
import type { ParserConfig } from "../../contract/parser-config";
import { INDEX_LABELS, type IndexType } from "../../contract/dataset-index";
import { datasets, datasetTasks, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { Deps, ServiceContext } from "../context";
import { getDatasetInTenant, lacksPermission, mayManageDataset } from "../datasets/internal";
import { removeKnowledgeGraph } from "../graph/store";
import { enrichmentModel } from "../ingestion/enrich";
import { removeMindMap } from "../mindmap/store";
import { removeRaptorChunks } from "../raptor/chunks";
import { currentTaskId, taskFields } from "./columns";
import { recordDatasetTaskLog } from "../ingestion-logs/record";
import { toDatasetTask } from "./serialize";

const ACTIVE_STATES = ["queued", "running"] as const;

const KINDS: Record<
  IndexType,
  { responseKey: string; remove: (deps: Deps, datasetId: string) => Promise<void>; needs: string }
> = {
  raptor: {
    responseKey: "raptor_task_id",
    remove: (deps, id) => removeRaptorChunks(deps, id),
    needs: "to write its summaries",
  },
  graph: { responseKey: "graphrag_task_id", remove: removeKnowledgeGraph, needs: "to extract entities and relations" },
  mindmap: { responseKey: "mindmap_task_id", remove: removeMindMap, needs: "to write the mind map" },
};

// RAGFlow answers an unknown (or another team's) dataset on these routes with "Invalid Dataset ID".
const visibleDataset = (ctx: ServiceContext, id: string) =>
  getDatasetInTenant(ctx, id).catch(() => {
    throw dataError("Invalid Dataset ID");
  });

const manageableDataset = async (ctx: ServiceContext, id: string) => {
  const dataset = await visibleDataset(ctx, id);
  if (!mayManageDataset(ctx, dataset)) throw lacksPermission(ctx, id);
  return dataset;
};

const taskById = (ctx: ServiceContext, taskId: string | null) =>
  taskId ? ctx.db.query.datasetTasks.findFirst({ where: eq(datasetTasks.id, taskId) }) : Promise.resolve(undefined);

// Queues one task over the whole dataset (RAGFlow's run_raptor / run_graphrag): refused while one of the same
// kind is still running, without documents, and without a chat model to do the work.
export const startIndexTask = async (ctx: ServiceContext, datasetId: string, type: IndexType) => {
  const kind = KINDS[type];
  const dataset = await manageableDataset(ctx, datasetId);
  const running = await taskById(ctx, currentTaskId(dataset, type));
  if (running && ACTIVE_STATES.includes(running.state as (typeof ACTIVE_STATES)[number])) {
    throw dataError(
      `Task ${running.id} in progress with status ${running.progress}. A ${INDEX_LABELS[type]} Task is already running.`,
    );
  }
  const [sample] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.datasetId, datasetId))
    .orderBy(asc(documents.createTime))
    .limit(1);
  if (!sample) throw dataError(`No documents in Knowledgebase ${datasetId}`);
  if (!(await enrichmentModel(ctx, dataset.tenantId, dataset.parserConfig as ParserConfig))) {
    throw dataError(`${INDEX_LABELS[type]} needs a chat model ${kind.needs}: set one up in the model settings.`);
  }
  const now = nowMs();
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(datasetTasks).values({
      id,
      datasetId,
      tenantId: dataset.tenantId,
      taskType: type,
      sampleDocId: sample.id,
      createTime: now,
      updateTime: now,
    }),
    ctx.db
      .update(datasets)
      .set(taskFields(type, id, null))
      .where(eq(datasets.id, datasetId)),
  ]);
  await ctx.queue.send({ type: "index", tenantId: dataset.tenantId, taskId: id });
  return { [kind.responseKey]: id };
};

// The dataset's last task of the kind, or {} when it has none (RAGFlow's trace_raptor / trace_graphrag).
export const traceIndexTask = async (ctx: ServiceContext, datasetId: string, type: IndexType) => {
  const dataset = await visibleDataset(ctx, datasetId);
  const task = await taskById(ctx, currentTaskId(dataset, type));
  return task ? toDatasetTask(task) : {};
};

// Cancels a running task and removes what the kind built (RAGFlow's unbind_task).
export const removeIndex = async (ctx: ServiceContext, datasetId: string, type: IndexType) => {
  const dataset = await manageableDataset(ctx, datasetId);
  const taskId = currentTaskId(dataset, type);
  if (taskId) {
    const [cancelled] = await ctx.db
      .update(datasetTasks)
      .set({ state: "cancelled", updateTime: nowMs() })
      .where(and(eq(datasetTasks.id, taskId), inArray(datasetTasks.state, [...ACTIVE_STATES])))
      .returning();
    if (cancelled) await recordDatasetTaskLog(ctx, cancelled, "2");
  }
  await KINDS[type].remove(ctx, datasetId);
  await ctx.db
    .update(datasets)
    .set(taskFields(type, null, null))
    .where(eq(datasets.id, datasetId));
  return true;
};
