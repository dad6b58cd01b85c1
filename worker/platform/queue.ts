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

export type QueueMessage = CrawlMessage;

export type JobQueue = {
  send(message: QueueMessage): Promise<void>;
};

export const createJobQueue = (queue: Queue<QueueMessage>): JobQueue => ({
  async send(message) {
    await queue.send(message);
  },
});
