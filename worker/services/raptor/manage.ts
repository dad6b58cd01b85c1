import { and, asc, eq, inArray } from "drizzle-orm";
import { datasets, datasetTasks, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ParserConfig } from "../../contract/parser-config";
import type { ServiceContext } from "../context";
import { getDatasetInTenant, mayManageDataset, lacksPermission } from "../datasets/internal";
import { enrichmentModel } from "../ingestion/enrich";
import { removeRaptorChunks } from "./chunks";
import { toDatasetTask } from "./serialize";

const ACTIVE_STATES = ["queued", "running"] as const;

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

const currentTask = (ctx: ServiceContext, taskId: string | null) =>
  taskId ? ctx.db.query.datasetTasks.findFirst({ where: eq(datasetTasks.id, taskId) }) : Promise.resolve(undefined);

// Queues one RAPTOR task over the whole dataset (RAGFlow's run_raptor): refused while one is still running,
// without documents, and without a chat model to write the summaries.
export const startRaptor = async (ctx: ServiceContext, datasetId: string) => {
  const dataset = await manageableDataset(ctx, datasetId);
  const running = await currentTask(ctx, dataset.raptorTaskId);
  if (running && ACTIVE_STATES.includes(running.state as (typeof ACTIVE_STATES)[number])) {
    throw dataError(`Task ${running.id} in progress with status ${running.progress}. A RAPTOR Task is already running.`);
  }
  const [sample] = await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.datasetId, datasetId)).orderBy(asc(documents.createTime)).limit(1);
  if (!sample) throw dataError(`No documents in Knowledgebase ${datasetId}`);
  if (!(await enrichmentModel(ctx, dataset.tenantId, dataset.parserConfig as ParserConfig))) {
    throw dataError("RAPTOR needs a chat model to write its summaries: set one up in the model settings.");
  }
  const now = nowMs();
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(datasetTasks).values({ id, datasetId, tenantId: dataset.tenantId, taskType: "raptor", sampleDocId: sample.id, progressMsg: "", createTime: now, updateTime: now }),
    ctx.db.update(datasets).set({ raptorTaskId: id, raptorTaskFinishAt: null }).where(eq(datasets.id, datasetId)),
  ]);
  await ctx.queue.send({ type: "raptor", tenantId: dataset.tenantId, taskId: id });
  return { raptor_task_id: id };
};

// The dataset's last RAPTOR task, or {} when it has none (RAGFlow's trace_raptor).
export const traceRaptor = async (ctx: ServiceContext, datasetId: string) => {
  const dataset = await visibleDataset(ctx, datasetId);
  const task = await currentTask(ctx, dataset.raptorTaskId);
  return task ? toDatasetTask(task) : {};
};

// Cancels a running task and removes the summaries (RAGFlow's unbind_task for RAPTOR).
export const removeRaptor = async (ctx: ServiceContext, datasetId: string) => {
  const dataset = await manageableDataset(ctx, datasetId);
  if (dataset.raptorTaskId) {
    await ctx.db
      .update(datasetTasks)
      .set({ state: "cancelled", updateTime: nowMs() })
      .where(and(eq(datasetTasks.id, dataset.raptorTaskId), inArray(datasetTasks.state, [...ACTIVE_STATES])));
  }
  await removeRaptorChunks(ctx, datasetId);
  await ctx.db.update(datasets).set({ raptorTaskId: null, raptorTaskFinishAt: null }).where(eq(datasets.id, datasetId));
  return true;
};
