import { addLocalModel } from "../../helpers/worker/models";
import { describe, expect, it } from "vitest";
import type { EmbeddingCheckResult } from "../../../worker/contract/embedding-check";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

const TEXTS = [
  "Die Grippeimpfung schützt ältere Menschen.",
  "Gemüse stärkt das Immunsystem.",
  "Schlaf verbessert die Konzentration.",
];
const addEmbeddingModel = (user: TestUser, name: string) => addLocalModel(user, name, "embedding");
const check = (user: TestUser, datasetId: string, json: unknown) =>
  callApi<EmbeddingCheckResult>(`/datasets/${datasetId}/embedding/check`, { token: user.token, json });
const parsed = async (user: TestUser, embedding_model?: string) => {
  const ds = await createDataset(user, embedding_model ? { embedding_model } : {});
  await ingest(
    user,
    ds.id,
    TEXTS.map((text, i) => textFile(`t${i}.txt`, text)),
  );
  return ds;
};

describe("POST /datasets/{id}/embedding/check", () => {
  it("re-embeds a sample of stored chunks: the same model matches its vectors, with the title mixed in as at indexing", async () => {
    const user = await createUser();
    const ds = await parsed(user);
    const res = await check(user, ds.id, { embd_id: "builtin-hash@Builtin", check_num: 2 });
    expect(res.body.code).toBe(0);
    expect(res.body.data.summary).toMatchObject({
      kb_id: ds.id,
      model: "builtin-hash@Builtin",
      sampled: 2,
      valid: 2,
      match_mode: "title+content",
    });
    expect(res.body.data.summary.avg_cos_sim).toBeGreaterThan(0.999);
    expect(res.body.data.results).toHaveLength(2);
    expect(res.body.data.results[0]).toMatchObject({ vector_dim: 512, vector_field: "q_512_vec" });
    // more than there are chunks: every chunk once
    const all = await check(user, ds.id, { embd_id: "builtin-hash@Builtin", check_num: 50 });
    expect(all.body.data.summary.sampled).toBe(3);
    expect(new Set(all.body.data.results.map((r) => r.chunk_id)).size).toBe(3);
    // a knowledge base that mixes the title in with another weight is compared at that weight
    const weighted = await createDataset(user, { parser_config: { filename_embd_weight: 0.6 } });
    await ingest(
      user,
      weighted.id,
      TEXTS.map((text, i) => textFile(`t${i}.txt`, text)),
    );
    const same = await check(user, weighted.id, { embd_id: "builtin-hash@Builtin", check_num: 3 });
    expect(same.body.data.summary).toMatchObject({ valid: 3, match_mode: "title+content" });
    expect(same.body.data.summary.avg_cos_sim).toBeGreaterThan(0.999);
  });

  it("answers code 10 with the figures when the other model's space differs, and 102 when its size does", async () => {
    const user = await createUser();
    await addEmbeddingModel(user, "embed-model");
    await addEmbeddingModel(user, "other-embed-model");
    const ds = await parsed(user, "embed-model@OpenAI-API-Compatible");
    const same = await check(user, ds.id, { embd_id: "embed-model@OpenAI-API-Compatible" });
    expect(same.body.code).toBe(0);
    const other = await check(user, ds.id, { embd_id: "other-embed-model@OpenAI-API-Compatible" });
    expect(other.body).toMatchObject({ code: 10, message: expect.stringContaining("below 0.9") });
    expect(other.body.data.summary.avg_cos_sim).toBeLessThan(0.9);
    expect(other.body.data.summary.valid).toBe(3);
    const smaller = await check(user, ds.id, { embd_id: "builtin-hash@Builtin" });
    expect(smaller.body).toMatchObject({
      code: 102,
      message: "Embedding failure. The dimension (512) of given embedding model is different from the original (8)",
    });
    // the dataset keeps its model
    const after = await callApi<{ embedding_model: string }>(`/datasets/${ds.id}`, { token: user.token });
    expect(after.body.data.embedding_model).toBe("embed-model@OpenAI-API-Compatible");
  });

  it("refuses a missing model, bad counts, unknown models, empty and foreign datasets", async () => {
    const user = await createUser();
    const ds = await parsed(user);
    expect((await check(user, ds.id, {})).body).toMatchObject({ code: 102, message: "`embd_id` is required." });
    for (const check_num of [0, -1, 10001, "5"])
      expect((await check(user, ds.id, { embd_id: "builtin-hash@Builtin", check_num })).body.code).toBe(101);
    expect((await check(user, ds.id, { embd_id: "text-embedding-3-small@OpenAI" })).body).toMatchObject({
      code: 102,
      message: "Provider OpenAI not found for model text-embedding-3-small@OpenAI.",
    });
    const empty = await createDataset(user);
    expect((await check(user, empty.id, { embd_id: "builtin-hash@Builtin" })).body).toMatchObject({
      code: 102,
      message: "No embedded chunks are available to compare.",
    });
    const stranger = await createUser();
    expect((await check(stranger, ds.id, { embd_id: "builtin-hash@Builtin" })).body).toMatchObject({
      code: 102,
      message: `You don't own the dataset ${ds.id}.`,
    });
  });
});
