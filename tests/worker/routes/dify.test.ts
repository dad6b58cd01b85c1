import { describe, expect, it } from "vitest";
import type { DifyRecord } from "../../../worker/contract/dify";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

type Answer = { records: DifyRecord[] } & { code?: number; message?: string };

const TEXTS = {
  "impfung.txt": "Die Grippeimpfung schützt ältere Menschen vor schweren Verläufen.",
  "schlaf.txt": "Ausreichend Schlaf verbessert die Konzentration.",
  "impfpass.txt": "Der Impfpass dokumentiert jede Grippeimpfung.",
};

const setup = async () => {
  const user = await createUser();
  const ds = await createDataset(user);
  const docs = await ingest(
    user,
    ds.id,
    Object.entries(TEXTS).map(([name, text]) => textFile(name, text)),
  );
  await callApi(`/datasets/${ds.id}/documents/${docs["impfung.txt"]?.id}`, {
    method: "PATCH",
    token: user.token,
    json: { meta_fields: { quelle: "RKI", jahr: 2024 } },
  });
  await callApi(`/datasets/${ds.id}/documents/${docs["impfpass.txt"]?.id}`, {
    method: "PATCH",
    token: user.token,
    json: { meta_fields: { quelle: "BMG", jahr: 2020 } },
  });
  // Dify calls with an API key of the team
  const key = (await callApi<{ token: string }>("/system/tokens", { method: "POST", token: user.token })).body.data
    .token;
  return { user, ds, docs, auth: `Bearer ${key}` };
};

// the answer has no envelope
const dify = async (auth: string, json: unknown) =>
  (await callApi("/dify/retrieval", { token: auth, json })) as unknown as { status: number; body: Answer };

describe("POST /dify/retrieval (Dify's external knowledge API)", () => {
  it("answers records with content, score, title and the document's metadata, best first, without an envelope", async () => {
    const { ds, docs, auth } = await setup();
    const res = await dify(auth, {
      knowledge_id: ds.id,
      query: "Grippeimpfung",
      retrieval_setting: { top_k: 5, score_threshold: 0.1 },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["records"]);
    const titles = res.body.records.map((record) => record.title);
    expect(titles.toSorted()).toEqual(["impfpass.txt", "impfung.txt"]);
    const impfung = res.body.records.find((record) => record.title === "impfung.txt");
    expect(impfung).toMatchObject({
      content: TEXTS["impfung.txt"],
      metadata: { quelle: "RKI", jahr: 2024, doc_id: docs["impfung.txt"]?.id },
    });
    const scores = res.body.records.map((record) => record.score);
    expect(scores).toEqual(scores.toSorted((a, b) => b - a));
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(0.1);

    // top_k caps the records, a high threshold leaves none
    expect(
      (await dify(auth, { knowledge_id: ds.id, query: "Grippeimpfung", retrieval_setting: { top_k: 1 } })).body.records,
    ).toHaveLength(1);
    expect(
      (await dify(auth, { knowledge_id: ds.id, query: "Grippeimpfung", retrieval_setting: { score_threshold: 1 } }))
        .body.records,
    ).toEqual([]);
  });

  it("filters by metadata in Dify's shape (logical_operator, a name list, 'is')", async () => {
    const { ds, auth } = await setup();
    const only = async (condition: unknown) =>
      (
        await dify(auth, { knowledge_id: ds.id, query: "Grippeimpfung", metadata_condition: condition })
      ).body.records.map((record) => record.title);
    expect(
      await only({
        logical_operator: "and",
        conditions: [{ name: ["quelle"], comparison_operator: "is", value: "BMG" }],
      }),
    ).toEqual(["impfpass.txt"]);
    expect(await only({ conditions: [{ name: "jahr", comparison_operator: ">", value: 2021 }] })).toEqual([
      "impfung.txt",
    ]);
    expect(
      await only({
        logical_operator: "or",
        conditions: [
          { name: "quelle", comparison_operator: "is", value: "RKI" },
          { name: "quelle", comparison_operator: "is", value: "BMG" },
        ],
      }),
    ).toHaveLength(2);
    expect(await only({ conditions: [{ name: "quelle", comparison_operator: "is", value: "WHO" }] })).toEqual([]);
  });

  it("refuses bad requests with RAGFlow's codes and HTTP statuses, and other teams' knowledge bases as not found", async () => {
    const { ds, auth } = await setup();
    const missing = await dify(auth, { query: "Grippeimpfung" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 101, message: "required argument are missing: knowledge_id; " });
    const badOperator = await dify(auth, {
      knowledge_id: ds.id,
      query: "x",
      metadata_condition: { conditions: [{ name: "quelle", comparison_operator: "like", value: "R" }] },
    });
    expect(badOperator.status).toBe(400);
    expect(badOperator.body.message).toContain("comparison_operator must be one of");
    const badTopK = await dify(auth, { knowledge_id: ds.id, query: "x", retrieval_setting: { top_k: 0 } });
    expect(badTopK).toMatchObject({ status: 400, body: { code: 101 } });

    const outsider: TestUser = await createUser();
    const foreign = await dify(outsider.token, { knowledge_id: ds.id, query: "Grippeimpfung" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 404, message: "Knowledgebase not found!" });
    expect((await dify("Bearer ragflow-falsch", { knowledge_id: ds.id, query: "Grippeimpfung" })).status).toBe(401);
  });
});
