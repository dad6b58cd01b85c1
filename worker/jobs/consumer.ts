import type { QueueMessage } from "../platform/queue";
import type { Deps } from "../services/context";
import { pruneUsage } from "../services/share-links/usage";
import { openD1 } from "../platform/d1-session";
import { DEFAULT_SHARD, shardNames } from "../platform/d1-shards";
import { createDeps } from "../services/create-deps";
import { failCrawl, runCrawl } from "../services/documents/crawl";
import { failDocument, failTask } from "../services/ingestion/fail";
import { planTasks } from "../services/ingestion/plan";
import { runTask } from "../services/ingestion/run-task";
import { sweepStuckWork } from "../services/ingestion/watchdog";
import { INDEX_KINDS } from "../services/index-tasks/kinds";
import { failDatasetTask } from "../services/index-kit/fail-task";
import { runIndexTask } from "../services/index-tasks/runner";
import { failRun, runEvaluationSlice } from "../services/evaluation-sets/run-execute";

const MAX_BACKOFF_SECONDS = 300;
// matches max_retries in wrangler.toml: the last delivery gives up cleanly instead of retrying
export const MAX_ATTEMPTS = 6;

const dispatch = async (deps: Deps, body: QueueMessage) => {
  switch (body.type) {
    case "crawl":
      return runCrawl(deps, body);
    case "plan":
      return planTasks(deps, body);
    case "task":
      return runTask(deps, body);
    case "index":
      return runIndexTask(deps, body, INDEX_KINDS);
    case "evaluation":
      return runEvaluationSlice(deps, body);
    default:
      throw new Error(`Unknown queue message: ${JSON.stringify(body)}`);
  }
};

// After the last retry nothing may stay "running": the work is marked failed with the reason.
const giveUp = async (deps: Deps, body: QueueMessage, reason: string) => {
  if (body.type === "crawl") await failCrawl(deps, body, reason);
  if (body.type === "plan") await failDocument(deps, body.documentId, reason);
  if (body.type === "task") await failTask(deps, body.taskId, reason);
  if (body.type === "index") await failDatasetTask(deps, body.taskId, reason);
  if (body.type === "evaluation") await failRun(deps, body.runId, reason);
};

// Work with no client behind it starts at the primary of its shard.
export const depsOnShard = (env: Env, shard: string) =>
  createDeps(env, openD1(env, { bookmark: null, writes: true, shard }));

// Owns the retry policy: exponential backoff per message, so one failure never blocks the batch. Each message runs
// on the shard it names.
export const handleQueueBatch = async (batch: MessageBatch<QueueMessage>, env: Env) => {
  const shards = new Map<string, Deps>();
  for (const message of batch.messages) {
    const shard = message.body.shard ?? DEFAULT_SHARD;
    const deps = shards.get(shard) ?? depsOnShard(env, shard);
    shards.set(shard, deps);
    try {
      await dispatch(deps, message.body);
      message.ack();
    } catch (error) {
      console.error(`queue message ${message.id} (${message.body.type}) failed, attempt ${message.attempts}`, error);
      if (message.attempts >= MAX_ATTEMPTS) {
        await giveUp(deps, message.body, error instanceof Error ? error.message : String(error));
        message.ack();
      } else {
        message.retry({ delaySeconds: Math.min(2 ** message.attempts, MAX_BACKOFF_SECONDS) });
      }
    }
  }
};

export const handleScheduled = async (_controller: ScheduledController, env: Env) => {
  for (const shard of shardNames(env)) {
    const deps = depsOnShard(env, shard);
    await sweepStuckWork(deps);
    await pruneUsage(deps, Date.now());
  }
};

export type { QueueMessage };
