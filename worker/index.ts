import { app } from "./app";
import { mergeSlashes } from "./lib/merge-slashes";
import { handleQueueBatch, handleScheduled, type QueueMessage } from "./jobs/consumer";
import { recoverAfterStart } from "./jobs/recovery";
import { createDeps } from "./services/create-deps";
import { runDueSchedules } from "./services/agents/schedules/run-due";

export default {
  fetch: (request, env, ctx) => {
    recoverAfterStart(env, ctx);
    return app.fetch(mergeSlashes(request), env, ctx);
  },
  queue: (batch, env, ctx) => {
    recoverAfterStart(env, ctx);
    return handleQueueBatch(batch, env);
  },
  // every minute: the watchdog and the flows whose schedule matches this minute
  scheduled: async (controller, env) => {
    await Promise.all([handleScheduled(controller, env), runDueSchedules(createDeps(env), controller.scheduledTime)]);
  },
} satisfies ExportedHandler<Env, QueueMessage>;
