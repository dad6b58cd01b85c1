import { describe, expect, it } from "vitest";
import type { DatasetSearchResult } from "../../../worker/contract/dataset-search";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

const TEXTS = {
  "impfung.txt": "Die Grippeimpfung schützt ältere Menschen vor schweren Verläufen.",
  "ernaehrung.txt": "Eine ausgewogene Ernährung mit Gemüse stärkt das Immunsystem.",
  "strasse.txt": "Die Straße zur Klinik ist wegen Bauarbeiten gesperrt.",
};
type Retrieved = { chunks: { id: string; similarity: number }[] };

const setup = async () => {
  const user = await createUser();
  const ds = await createDataset(user);
  const docs = await ingest(
    user,
    ds.id,
    Object.entries(TEXTS).map(([name, text]) => textFile(name, text)),
  );
  return { user, ds, docs };
};
const searchOne = (user: TestUser, datasetId: string, json: Record<string, unknown>) =>
  callApi<DatasetSearchResult>(`/datasets/${datasetId}/search`, { token: user.token, json });

describe("POST /datasets/{id}/search and /datasets/search", () => {
  it("answer with the doc-store field names, the same scores as /retrieval, threshold 0 and total = chunks on the page", async () => {
    const { user, ds } = await setup();
    const res = await searchOne(user, ds.id, { question: "Impfung für Ältere", highlight: true });
    expect(res.body.code).toBe(0);
    const [top] = res.body.data.chunks;
    expect(top).toMatchObject({ docnm_kwd: "impfung.txt", kb_id: ds.id, doc_type_kwd: "" });
    expect(top?.content_with_weight).toContain("Grippeimpfung");
    expect(top?.highlight).toContain("<em>Grippeimpfung</em>");
    expect(top).not.toHaveProperty("vector");
    expect(res.body.data.doc_aggs[0]).toMatchObject({ doc_name: "impfung.txt", count: 1 });
    expect(res.body.data.labels).toEqual({});
    // the same retrieval as /retrieval at threshold 0: same chunks, same order, same scores
    const retrieval = await callApi<Retrieved>("/retrieval", {
      token: user.token,
      json: { question: "Impfung für Ältere", dataset_ids: [ds.id], similarity_threshold: 0 },
    });
    expect(res.body.data.chunks.map((chunk) => [chunk.chunk_id, chunk.similarity])).toEqual(
      retrieval.body.data.chunks.map((chunk) => [chunk.id, chunk.similarity]),
    );
    expect(res.body.data.total).toBe(res.body.data.chunks.length);
    // /retrieval's default threshold (0.2) keeps fewer than the search's 0
    const thresholded = await callApi<Retrieved>("/retrieval", {
      token: user.token,
      json: { question: "Impfung für Ältere", dataset_ids: [ds.id] },
    });
    expect(res.body.data.chunks.length).toBeGreaterThan(thresholded.body.data.chunks.length);

    const paged = await searchOne(user, ds.id, { question: "Impfung für Ältere", size: 1, page: 2 });
    expect(paged.body.data.chunks.map((chunk) => chunk.chunk_id)).toEqual([res.body.data.chunks[1]?.chunk_id]);
    expect(paged.body.data.total).toBe(1);
    const strict = await searchOne(user, ds.id, { question: "Impfung für Ältere", similarity_threshold: 0.99 });
    expect(strict.body.data).toMatchObject({ total: 0, chunks: [] });
  });

  it("narrow to documents, search several datasets at once and apply a search app's saved settings", async () => {
    const { user, ds, docs } = await setup();
    const other = await createDataset(user);
    await ingest(user, other.id, [textFile("schlaf.txt", "Ausreichend Schlaf verbessert die Konzentration.")]);
    const street = docs["strasse.txt"]?.id as string;
    const narrowed = await searchOne(user, ds.id, { question: "Impfung", doc_ids: [street] });
    expect(new Set(narrowed.body.data.chunks.map((chunk) => chunk.doc_id))).toEqual(new Set([street]));

    const both = await callApi<DatasetSearchResult>("/datasets/search", {
      token: user.token,
      json: { question: "Schlaf und Impfung", dataset_ids: [ds.id, other.id] },
    });
    expect(both.body.code).toBe(0);
    expect(new Set(both.body.data.chunks.map((chunk) => chunk.kb_id))).toEqual(new Set([ds.id, other.id]));

    const app = await callApi<{ search_id: string }>("/searches", {
      token: user.token,
      json: { name: "Streng", search_config: { kb_ids: [ds.id], similarity_threshold: 0.99 } },
    });
    const saved = await searchOne(user, ds.id, { question: "Impfung für Ältere", search_id: app.body.data.search_id });
    expect(saved.body.data).toMatchObject({ total: 0, chunks: [] });
  });

  it("refuse bad requests and other teams' datasets, search apps and documents", async () => {
    const { user, ds } = await setup();
    const missing = await searchOne(user, ds.id, {});
    expect(missing.body.code).toBe(101);
    expect(missing.body.message).toContain("question");
    const extra = await searchOne(user, ds.id, { question: "Impfung", page_size: 3 });
    expect(extra.body).toMatchObject({ code: 101, message: expect.stringContaining("Extra inputs are not permitted") });
    const noDatasets = await callApi("/datasets/search", { token: user.token, json: { question: "Impfung" } });
    expect(noDatasets.body).toMatchObject({ code: 101, message: expect.stringContaining("dataset_ids") });
    const emptyDatasets = await callApi("/datasets/search", {
      token: user.token,
      json: { question: "Impfung", dataset_ids: [] },
    });
    expect(emptyDatasets.body.code).toBe(101);
    const badSize = await searchOne(user, ds.id, { question: "Impfung", size: 0 });
    expect(badSize.body.code).toBe(101);

    const stranger = await setup();
    const foreign = await searchOne(user, stranger.ds.id, { question: "Impfung" });
    expect(foreign.body).toMatchObject({ code: 102, message: `You don't own the dataset ${stranger.ds.id}` });
    const mixed = await callApi("/datasets/search", {
      token: user.token,
      json: { question: "Impfung", dataset_ids: [ds.id, stranger.ds.id] },
    });
    expect(mixed.body.code).toBe(102);
    const foreignDoc = await searchOne(user, ds.id, {
      question: "Impfung",
      doc_ids: [stranger.docs["impfung.txt"]?.id],
    });
    expect(foreignDoc.body.code).toBe(102);
    const strangerApp = await callApi<{ search_id: string }>("/searches", {
      token: stranger.user.token,
      json: { name: "Fremd", search_config: { kb_ids: [stranger.ds.id] } },
    });
    const foreignApp = await searchOne(user, ds.id, {
      question: "Impfung",
      search_id: strangerApp.body.data.search_id,
    });
    expect(foreignApp.body.code).toBe(102);
  });
});
