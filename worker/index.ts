import { app } from "./app";
import { handleQueueBatch, handleScheduled, type QueueMessage } from "./jobs/consumer";
import { recoverAfterStart } from "./jobs/recovery";

export default {
  fetch: (request, env, ctx) => {
    recoverAfterStart(env, ctx);
    return app.fetch(request, env, ctx);
  },
  queue: (batch, env, ctx) => {
    recoverAfterStart(env, ctx);
    return handleQueueBatch(batch, env);
  },
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env, QueueMessage>;
