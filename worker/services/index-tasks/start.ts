import { asc, eq } from "drizzle-orm";
import { INDEX_LABELS, type IndexType } from "../../contract/dataset-index";
import { datasets, datasetTasks, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { enrichmentModel } from "../models/team-chat-model";
import { currentTaskId, taskFields } from "./columns";
import { INDEX_KINDS } from "./kinds";
import { ACTIVE_STATES, manageableDataset, taskById } from "./internal";

// Queues one task over the whole dataset (RAGFlow's run_raptor / run_graphrag): refused while one of the same
// kind is still running, without documents, and without a chat model to do the work.
export const startIndexTask = async (ctx: ServiceContext, datasetId: string, type: IndexType) => {
  const kind = INDEX_KINDS[type];
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
  if (!(await enrichmentModel(ctx, dataset.tenantId, dataset.parserConfig))) {
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
  // v0.27 names the new task task_id; its older run_raptor / run_graphrag routes, and Buddy's web app, the kind's key
  return { task_id: id, [kind.responseKey]: id };
};
