import { app } from "./app";
import { handleQueueBatch, handleScheduled, type QueueMessage } from "./jobs/consumer";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env, QueueMessage>;
