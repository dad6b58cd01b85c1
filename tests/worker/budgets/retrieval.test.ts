import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { cloneRows } from "../../helpers/worker/bulk";
import { parsedDataset } from "../../helpers/worker/chat";
import { expectWithinBudget, measureD1 } from "../../helpers/worker/d1-budget";
import { createUser } from "../../helpers/worker/factories";

const CHUNKS = 10_000;

// The parsed fixture's first chunk copied until the base holds CHUNKS, each copy with its own words and its vector.
const growTo = async (datasetId: string) => {
  const template = await env.DB.prepare("SELECT id, document_id FROM chunks WHERE dataset_id = ? LIMIT 1")
    .bind(datasetId)
    .first<{ id: string; document_id: string }>();
  const have = (await env.DB.prepare("SELECT count(*) AS n FROM chunks WHERE dataset_id = ?").bind(datasetId).first<{
    n: number;
  }>())!.n;
  const ids = await cloneRows("chunks", template!.id, CHUNKS - have, { content: "t.content || ' Kopie ' || j.key" });
  await env.DB.prepare(
    `INSERT INTO chunk_vectors (id, namespace, model, dims, vector, metadata, updated_at)
     SELECT j.value, t.namespace, t.model, t.dims, t.vector, t.metadata, t.updated_at FROM chunk_vectors t, json_each(?) j
     WHERE t.id = ?`,
  )
    .bind(JSON.stringify(ids), template!.id)
    .run();
};

describe("D1 budget: retrieval", () => {
  it(`searches a base of ${CHUNKS} chunks within its budget`, { timeout: 120_000 }, async () => {
    const user = await createUser();
    const dataset = await parsedDataset(user);
    await growTo(dataset.id);
    const search = () =>
      callApi<{ chunks: unknown[]; total: number }>("/retrieval", {
        token: user.token,
        json: { question: "Wie viel Schlaf brauchen Erwachsene?", dataset_ids: [dataset.id], page_size: 10 },
      });
    // the first search loads the base's vectors into the isolate; the budget is for the searches after it
    await search();
    const { result, cost } = await measureD1(search);
    expect(result.body.code).toBe(0);
    expect(result.body.data.chunks.length).toBeGreaterThan(0);
    // rows: the keyword statistics count the base (2 × 10k); a vector cache older than 2 s re-reads its head (10k).
    // Which 4-grams get counted depends on the sample of chunks, and the copies' ids are random: when common grams
    // are picked, counting them reads about 130k rows more (measured 31k or 160k). Bounded here; cutting it is
    // issue 36's open work (docs/scaling.md).
    expectWithinBudget("retrieval (10k chunks)", cost, {
      roundTrips: 5,
      primaryRoundTrips: 1,
      statements: 8,
      rowsRead: 170_000,
      rowsWritten: 0,
    });
  });
});
