import { DEFAULT_SHARD } from "./d1-shards";

// Messages on the ingestion queue. The consumer in worker/jobs dispatches on `type`.
export type CrawlMessage = {
  type: "crawl";
  tenantId: string;
  userId: string;
  datasetId: string;
  documentId: string;
  url: string;
  maxDepth: number;
  maxPages: number;
};

// Splits a document into tasks; `begin` identifies the parse run, so messages of an older run are dropped.
export type PlanMessage = { type: "plan"; tenantId: string; documentId: string; begin: number };

export type TaskMessage = { type: "task"; tenantId: string; taskId: string };

// Builds a dataset-wide index (one dataset_tasks row: RAPTOR summaries or the knowledge graph).
export type IndexMessage = { type: "index"; tenantId: string; taskId: string };

// Runs the next questions of a quality test set's run (evaluation_runs row); it sends itself again until done.
export type EvaluationMessage = { type: "evaluation"; tenantId: string; runId: string };

// `shard`: the D1 binding the work's rows live on (worker/platform/d1-shards.ts); absent for the default shard `DB`.
export type QueueMessage = (CrawlMessage | PlanMessage | TaskMessage | IndexMessage | EvaluationMessage) & {
  shard?: string;
};

export type JobQueue = {
  send(message: QueueMessage): Promise<void>;
  sendMany(messages: QueueMessage[]): Promise<void>;
};

const QUEUE_BATCH_MAX = 100;

export const createJobQueue = (queue: Queue<QueueMessage>, shard = DEFAULT_SHARD): JobQueue => {
  const onShard = (message: QueueMessage): QueueMessage => (shard === DEFAULT_SHARD ? message : { ...message, shard });
  return {
    async send(message) {
      await queue.send(onShard(message));
    },
    async sendMany(messages) {
      for (let i = 0; i < messages.length; i += QUEUE_BATCH_MAX) {
        await queue.sendBatch(messages.slice(i, i + QUEUE_BATCH_MAX).map((body) => ({ body: onShard(body) })));
      }
    },
  };
};
