import { eq, inArray, sql } from "drizzle-orm";
import { eachChunk } from "../../lib/batches";
import { chunks, datasets, documents } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";

// Counters are recomputed from the chunk rows rather than incremented, so they stay exact under retries.
export const recountDocument = async ({ db }: Deps, documentId: string, datasetId: string) => {
  await db.batch([
    db
      .update(documents)
      .set({
        chunkNum: sql`(SELECT count(*) FROM ${chunks} WHERE ${chunks.documentId} = ${documentId})`,
        tokenNum: sql`(SELECT coalesce(sum(${chunks.tokenCount}), 0) FROM ${chunks} WHERE ${chunks.documentId} = ${documentId})`,
        updateTime: nowMs(),
      })
      .where(eq(documents.id, documentId)),
    db
      .update(datasets)
      .set({
        chunkNum: sql`(SELECT coalesce(sum(${documents.chunkNum}), 0) FROM ${documents} WHERE ${documents.datasetId} = ${datasetId})`,
        tokenNum: sql`(SELECT coalesce(sum(${documents.tokenNum}), 0) FROM ${documents} WHERE ${documents.datasetId} = ${datasetId})`,
      })
      .where(eq(datasets.id, datasetId)),
  ]);
};

// The same for many documents of one dataset: each slice of ids in one statement, the dataset once.
export const recountDocuments = async ({ db }: Deps, documentIds: string[], datasetId: string) => {
  const now = nowMs();
  await eachChunk(documentIds, (part) =>
    db
      .update(documents)
      .set({
        chunkNum: sql`(SELECT count(*) FROM ${chunks} WHERE ${chunks.documentId} = ${documents.id})`,
        tokenNum: sql`(SELECT coalesce(sum(${chunks.tokenCount}), 0) FROM ${chunks} WHERE ${chunks.documentId} = ${documents.id})`,
        updateTime: now,
      })
      .where(inArray(documents.id, part)),
  );
  await db
    .update(datasets)
    .set({
      chunkNum: sql`(SELECT coalesce(sum(${documents.chunkNum}), 0) FROM ${documents} WHERE ${documents.datasetId} = ${datasetId})`,
      tokenNum: sql`(SELECT coalesce(sum(${documents.tokenNum}), 0) FROM ${documents} WHERE ${documents.datasetId} = ${datasetId})`,
    })
    .where(eq(datasets.id, datasetId));
};
