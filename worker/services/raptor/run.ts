import { and, asc, eq, sql } from "drizzle-orm";
import { defaultParserConfig } from "../../contract/parser-config";
import { chunks, documents } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { nowMs } from "../../lib/time";
import type { ChatModel, EmbeddingModel } from "../../platform/providers/types";
import {
  buildRaptorTree,
  type RaptorNode,
  type RaptorOptions,
  summaryMaxTokens,
  summaryPrompt,
} from "../../rag/raptor/tree";
import type { Deps } from "../context";
import { recountDocument } from "../ingestion/counters";
import { enrichmentModel } from "../models/team-chat-model";
import { resolveEmbedding } from "../models/resolve";
import { addUsage, recordUsage } from "../models/usage";
import { failureCounter } from "../index-kit/ask-model";
import { IndexTaskFailed, type IndexBuilder } from "../index-kit/builder";
import { chunkRow, summaryChunkId, uniqueById, upsertChunks, writeChunkVectors } from "../chunk-store/store";
import { removeRaptorChunks } from "./chunks";

// RAGFlow gives up on a RAPTOR job after three failed summaries, and tries each summary three times.
const MAX_FAILED_SUMMARIES = 3;
const SUMMARY_ATTEMPTS = 3;
// Structured data is not summarised (RAGFlow skips table and Excel documents).
const SKIPPED_METHODS = new Set(["table"]);
const SUMMARY_POSITION = 1_000_000_000;

type Leaf = RaptorNode & { id: string };

// The chunks a tree is built from, in reading order, with the vectors they were indexed with (chunks without
// one, e.g. of another embedding model, are left out as RAGFlow does).
const leavesOf = async (deps: Deps, datasetId: string, embedding: EmbeddingModel, documentIds: string[]) => {
  const rows = await deps.db
    .select({ id: chunks.id, content: chunks.content })
    .from(chunks)
    // one JSON parameter, however many documents a dataset-wide tree covers
    .where(
      and(
        sql`${chunks.documentId} IN (SELECT value FROM json_each(${JSON.stringify(documentIds)}))`,
        eq(chunks.raptor, false),
      ),
    )
    .orderBy(asc(chunks.documentId), asc(chunks.position));
  const vectors = new Map<string, Float32Array>();
  for (const part of inChunks(
    rows.map((row) => row.id),
    500,
  )) {
    for (const [id, vector] of await deps.vectors.vectorsOf(datasetId, embedding.id, part)) vectors.set(id, vector);
  }
  return rows.flatMap((row): Leaf[] => {
    const vector = vectors.get(row.id);
    return vector ? [{ id: row.id, text: row.content, vector }] : [];
  });
};

const summariser = (
  model: ChatModel,
  embedding: EmbeddingModel,
  options: RaptorOptions,
  onError: (reason: string) => Promise<void>,
  beat: () => Promise<void>,
) => {
  const usage = { promptTokens: 0, completionTokens: 0 };
  const failed = failureCounter(
    MAX_FAILED_SUMMARIES,
    onError,
    (count, reason) => new IndexTaskFailed(`RAPTOR stopped after ${count} failed summaries: ${reason}`),
  );
  const attempt = async (texts: string[]): Promise<RaptorNode> => {
    const answer = await model.complete(summaryPrompt(options, texts), {
      temperature: 0.3,
      max_tokens: summaryMaxTokens(options.maxToken),
    });
    addUsage(usage, answer.usage);
    const text = answer.text.trim();
    if (!text) throw new Error("The model answered with an empty summary.");
    const [vector] = await embedding.embed([text]);
    if (!vector) throw new Error("The embedding model returned no vector.");
    return { text, vector };
  };
  const summarise = async (texts: string[]): Promise<RaptorNode | null> => {
    let lastError = "";
    for (let tries = 0; tries < SUMMARY_ATTEMPTS; tries++) {
      const node = await attempt(texts).catch((error: unknown) => {
        lastError = error instanceof Error ? error.message : String(error);
        return null;
      });
      // outside the retries: a cancelled task stops here
      if (node) return beat().then(() => node);
    }
    await failed(`A cluster of ${texts.length} chunks`, lastError);
    return null;
  };
  return { summarise, usage };
};

// RAPTOR (a dataset task): for every document (scope "file") or for the whole dataset ("dataset"), cluster the
// chunks layer by layer, summarise each cluster with the chat model and index the summaries as chunks of the
// document (a dataset-wide tree belongs to the first document). Earlier summaries are replaced.
export const raptorBuilder: IndexBuilder = {
  cleanup: (deps, datasetId, taskId) => removeRaptorChunks(deps, datasetId, taskId),
  build: async (deps, dataset, task, { report, note, beat }) => {
    const config = { ...defaultParserConfig().raptor, ...dataset.parserConfig.raptor };
    const options: RaptorOptions = {
      prompt: config.prompt,
      maxToken: config.max_token,
      threshold: config.threshold,
      maxCluster: config.max_cluster,
      seed: config.random_seed,
    };
    const model = await enrichmentModel(deps, dataset.tenantId, dataset.parserConfig);
    if (!model) throw new IndexTaskFailed("No chat model is set up to write the summaries (model settings).");
    const embedding = await resolveEmbedding(deps, dataset.tenantId, dataset.embdId);
    await removeRaptorChunks(deps, dataset.id);
    const docs = (
      await deps.db
        .select()
        .from(documents)
        .where(eq(documents.datasetId, dataset.id))
        .orderBy(asc(documents.createTime))
    ).filter((doc) => !SKIPPED_METHODS.has(doc.parserId));
    const groups = config.scope === "dataset" ? [docs] : docs.map((doc) => [doc]);
    const { summarise, usage } = summariser(model, embedding, options, note, beat);
    const created: string[] = [];
    for (const [g, group] of groups.entries()) {
      const owner = group[0];
      if (!owner) continue;
      const label = config.scope === "dataset" ? "The dataset" : owner.name;
      const leaves = await leavesOf(
        deps,
        dataset.id,
        embedding,
        group.map((doc) => doc.id),
      );
      const base = g / groups.length;
      if (leaves.length < 2) {
        await report(base, `${label}: fewer than 2 chunks, nothing to summarise.`);
        continue;
      }
      await report(base, `${label}: clustering ${leaves.length} chunks.`);
      const summaries = await buildRaptorTree(leaves, options, summarise, (from, to) =>
        report(base, `Cluster one layer: ${from} -> ${to}`),
      );
      created.push(...(await storeSummaries(deps, dataset, owner, summaries, task.id, embedding.id)));
      await report(((g + 1) / groups.length) * 0.99, `${label}: ${summaries.length} summaries indexed.`);
    }
    await recordUsage(deps, dataset.tenantId, model.id, usage);
    return created;
  },
};

const storeSummaries = async (
  deps: Deps,
  dataset: { id: string },
  owner: { id: string; name: string; tenantId: string },
  summaries: RaptorNode[],
  taskId: string,
  modelId: string,
) => {
  const now = nowMs();
  const identified = await Promise.all(
    summaries.map(async (node) => ({ id: await summaryChunkId(owner.id, node.text), node })),
  );
  const unique = uniqueById(identified);
  await upsertChunks(
    deps,
    unique.map(({ id, node }, i) =>
      chunkRow(
        { ...owner, datasetId: dataset.id },
        { id, content: node.text, raptor: true, position: SUMMARY_POSITION + i, taskId },
        now,
      ),
    ),
    "keep",
  );
  // the summary's own embedding, without the title mixed in (as RAGFlow stores it)
  await writeChunkVectors(
    deps,
    dataset.id,
    modelId,
    owner.id,
    unique.map(({ id, node }) => ({ id, values: node.vector })),
  );
  await recountDocument(deps, owner.id, dataset.id);
  return unique.map(({ id }) => id);
};
