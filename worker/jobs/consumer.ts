// Queue messages are a closed union; ingestion adds its types here.
export type QueueMessage = { type: "noop" };

export const handleQueueBatch = async (batch: MessageBatch<QueueMessage>) => {
  for (const message of batch.messages) {
    switch (message.body.type) {
      case "noop":
        message.ack();
        break;
      default:
        throw new Error(`Unknown queue message: ${JSON.stringify(message.body)}`);
    }
  }
};
