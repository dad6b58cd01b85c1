import { app } from "./app";
import { handleQueueBatch, type QueueMessage } from "./jobs/consumer";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
} satisfies ExportedHandler<Env, QueueMessage>;
