import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  ingest,
  parseDocs,
  textFile,
  type TestUser,
  uploadFiles,
  waitUntilSettled,
} from "../../helpers/worker/factories";

type Hit = {
  id: string;
  content: string;
  document_id: string;
  dataset_id: string;
  similarity: number;
  term_similarity: number;
  vector_similarity: number;
  highlight: string;
};
type Result = { chunks: Hit[]; doc_aggs: { doc_id: string; doc_name: string; count: number }[]; total: number };

const TEXTS = {
  "impfung.txt": "Die Grippeimpfung schützt ältere Menschen vor schweren Verläufen.",
  "ernaehrung.txt": "Eine ausgewogene Ernährung mit Gemüse stärkt das Immunsystem.",
  "strasse.txt": "Die Straße zur Klinik ist wegen Bauarbeiten gesperrt.",
  "schlaf.txt": "Ausreichend Schlaf verbessert die Konzentration und die Stimmung.",
};

const setup = async (user?: TestUser) => {
  const owner = user ?? (await createUser());
  const ds = await createDataset(owner, { parser_config: { chunk_token_num: 64 } });
  const docs = await ingest(
    owner,
    ds.id,
    Object.entries(TEXTS).map(([name, text]) => textFile(name, text)),
  );
  return { user: owner, ds, docs };
};
const search = (user: TestUser, json: Record<string, unknown>) =>
  callApi<Result>("/retrieval", { token: user.token, json });

describe("POST /retrieval", () => {
  it("finds German words through compounds, umlauts and ß, with highlights and doc_aggs", async () => {
    const { user, ds } = await setup();
    const res = await search(user, { question: "Impfung für Ältere", dataset_ids: [ds.id], highlight: true });
    expect(res.body.code).toBe(0);
    expect(res.body.data.chunks[0]?.content).toContain("Grippeimpfung");
    expect(res.body.data.chunks[0]?.highlight).toContain("<em>Grippeimpfung</em>");
    expect(res.body.data.chunks[0]?.highlight).toContain("<em>ältere</em>");
    expect(res.body.data.doc_aggs[0]).toMatchObject({ doc_name: "impfung.txt", count: 1 });
    const sharp = await search(user, { question: "Strasse gesperrt", dataset_ids: [ds.id] });
    expect(sharp.body.data.chunks[0]?.content).toContain("Straße");
  });

  it("scores partial words by character 4-grams, and a question that shares only endings stays below the threshold", async () => {
    const { user, ds } = await setup();
    const derived = await search(user, { question: "Impfstoffe", dataset_ids: [ds.id], similarity_threshold: 0 });
    expect(derived.body.data.chunks[0]?.content).toContain("Grippeimpfung");
    expect(derived.body.data.chunks[0]?.term_similarity).toBeGreaterThan(
      derived.body.data.chunks[1]?.term_similarity ?? 0,
    );
    const keywordOnly = await search(user, {
      question: "Impfstoffe",
      dataset_ids: [ds.id],
      vector_similarity_weight: 0,
    });
    expect(keywordOnly.body.data.total).toBe(0);
    const unrelated = await search(user, { question: "Wetterbericht Nordsee", dataset_ids: [ds.id] });
    expect(unrelated.body.data.total).toBe(0);
  });

  it("gives every candidate its vector similarity, also one found by keywords outside the nearest top_k", async () => {
    const { user, ds } = await setup();
    const question = {
      question: "Schlaf, Gemüse und die gesperrte Straße",
      dataset_ids: [ds.id],
      similarity_threshold: 0,
      vector_similarity_weight: 0.5,
    };
    const narrow = await search(user, { ...question, top_k: 1 });
    const wide = await search(user, question);
    // top_k 1: one nearest vector, the others come from the keyword and 4-gram indexes
    expect(narrow.body.data.chunks.length).toBeGreaterThan(1);
    for (const hit of narrow.body.data.chunks) {
      expect(hit.vector_similarity).toBeGreaterThan(0);
      expect(hit.vector_similarity).toBeCloseTo(
        wide.body.data.chunks.find((other) => other.id === hit.id)?.vector_similarity ?? -1,
        4,
      );
    }
  });

  it("fuses scores as (1 − w)·term + w·vector", async () => {
    const { user, ds } = await setup();
    for (const w of [0.3, 0.7]) {
      const res = await search(user, {
        question: "Schlaf und Konzentration",
        dataset_ids: [ds.id],
        vector_similarity_weight: w,
        similarity_threshold: 0,
      });
      expect(res.body.data.chunks.length).toBeGreaterThan(1);
      for (const hit of res.body.data.chunks) {
        expect(hit.similarity).toBeCloseTo((1 - w) * hit.term_similarity + w * hit.vector_similarity, 3);
      }
      expect(res.body.data.chunks[0]?.content).toContain("Schlaf");
    }
  });

  it("applies the similarity threshold after fusion, but not for keyword-only search", async () => {
    const { user, ds } = await setup();
    const loose = await search(user, { question: "Gemüse Schlaf", dataset_ids: [ds.id], similarity_threshold: 0 });
    const strict = await search(user, { question: "Gemüse Schlaf", dataset_ids: [ds.id], similarity_threshold: 0.9 });
    expect(loose.body.data.total).toBeGreaterThan(strict.body.data.total);
    for (const hit of strict.body.data.chunks) expect(hit.similarity).toBeGreaterThanOrEqual(0.9);
    const keywordOnly = await search(user, {
      question: "Gemüse Schlaf",
      dataset_ids: [ds.id],
      similarity_threshold: 0.99,
      vector_similarity_weight: 0,
    });
    expect(keywordOnly.body.data.total).toBe(2);
  });

  it("requires keyword weight + vector weight = 1.0", async () => {
    const { user, ds } = await setup();
    const bad = await search(user, {
      question: "Schlaf",
      dataset_ids: [ds.id],
      vector_similarity_weight: 0.3,
      keyword_similarity_weight: 0.6,
    });
    expect(bad.body).toMatchObject({
      code: 102,
      message: "keyword_similarity_weight + vector_similarity_weight must equal 1.0",
    });
    const good = await search(user, {
      question: "Schlaf",
      dataset_ids: [ds.id],
      vector_similarity_weight: 0.3,
      keyword_similarity_weight: 0.7,
    });
    expect(good.body.code).toBe(0);
  });

  it("never returns disabled chunks or chunks of disabled documents", async () => {
    const { user, ds, docs } = await setup();
    const doc = docs["schlaf.txt"];
    await callApi(`/datasets/${ds.id}/documents/${doc?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { enabled: 0 },
    });
    expect(
      (await search(user, { question: "Schlaf Konzentration", dataset_ids: [ds.id] })).body.data.chunks.some(
        (c) => c.document_id === doc?.id,
      ),
    ).toBe(false);
    await callApi(`/datasets/${ds.id}/documents/${doc?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { enabled: 1 },
    });
    const [chunk] = (await search(user, { question: "Schlaf Konzentration", dataset_ids: [ds.id] })).body.data.chunks;
    expect(chunk?.document_id).toBe(doc?.id);
    await callApi(`/datasets/${ds.id}/documents/${doc?.id}/chunks`, {
      method: "PATCH",
      token: user.token,
      json: { chunk_ids: [chunk?.id], available: false },
    });
    expect(
      (await search(user, { question: "Schlaf Konzentration", dataset_ids: [ds.id] })).body.data.chunks.some(
        (c) => c.id === chunk?.id,
      ),
    ).toBe(false);
  });

  it("searches several datasets at once and filters by document", async () => {
    const { user, ds: first } = await setup();
    const second = await createDataset(user);
    const extra = await ingest(user, second.id, [
      textFile("schlafhygiene.txt", "Schlafhygiene: feste Schlafenszeiten helfen beim Einschlafen."),
    ]);
    const both = await search(user, {
      question: "Schlaf",
      dataset_ids: [first.id, second.id],
      similarity_threshold: 0,
    });
    expect(new Set(both.body.data.chunks.map((c) => c.dataset_id))).toEqual(new Set([first.id, second.id]));
    const onlyDoc = await search(user, {
      question: "Schlaf",
      dataset_ids: [first.id, second.id],
      document_ids: [extra["schlafhygiene.txt"]?.id],
      similarity_threshold: 0,
    });
    expect(onlyDoc.body.data.chunks.map((c) => c.dataset_id)).toEqual([second.id]);
  });

  it("filters by document metadata like RAGFlow's metadata_condition, and finds nothing when no document passes", async () => {
    const { user, ds, docs } = await setup();
    const meta = (name: keyof typeof TEXTS, meta_fields: Record<string, unknown>) =>
      callApi(`/datasets/${ds.id}/documents/${docs[name]?.id}`, {
        method: "PATCH",
        token: user.token,
        json: { meta_fields },
      });
    await meta("impfung.txt", { Quelle: "RKI", Jahr: 2024, Themen: ["Impfung", "Alter"] });
    await meta("ernaehrung.txt", { Quelle: "DGE", Jahr: 2019 });
    await meta("schlaf.txt", { Quelle: "rki-Blog", Jahr: "2023" });
    const names = async (metadata_condition: unknown, extra: Record<string, unknown> = {}) => {
      const res = await search(user, {
        question: "Grippeimpfung Ernährung Schlaf",
        dataset_ids: [ds.id],
        similarity_threshold: 0,
        metadata_condition,
        ...extra,
      });
      expect(res.body.code).toBe(0);
      return res.body.data.doc_aggs.map((agg) => agg.doc_name).toSorted();
    };
    const when = (name: string, comparison_operator: string, value: unknown = "") => ({
      name,
      comparison_operator,
      value,
    });
    expect(await names({ conditions: [when("Quelle", "contains", "rki")] })).toEqual(["impfung.txt", "schlaf.txt"]);
    expect(await names({ conditions: [when("Jahr", "≥", 2023)] })).toEqual(["impfung.txt", "schlaf.txt"]);
    expect(
      await names({ logic: "and", conditions: [when("Jahr", ">", "2020"), when("Themen", "=", "Impfung")] }),
    ).toEqual(["impfung.txt"]);
    expect(
      await names({ logic: "or", conditions: [when("Quelle", "=", "DGE"), when("Themen", "=", "Alter")] }),
    ).toEqual(["ernaehrung.txt", "impfung.txt"]);
    expect(await names({ conditions: [when("Quelle", "empty")] })).toEqual(["strasse.txt"]);
    expect(await names({ conditions: [when("Themen", "≠", "Impfung"), when("Quelle", "not empty")] })).toEqual([
      "ernaehrung.txt",
      "schlaf.txt",
    ]);
    // document_ids and the metadata filter both apply
    expect(
      await names({ conditions: [when("Quelle", "contains", "rki")] }, { document_ids: [docs["schlaf.txt"]?.id] }),
    ).toEqual(["schlaf.txt"]);
    expect(await names({ conditions: [when("Quelle", "=", "WHO")] })).toEqual([]);
    // no conditions: no filter
    expect(await names({ conditions: [] })).toHaveLength(4);

    const bad = await search(user, {
      question: "x",
      dataset_ids: [ds.id],
      metadata_condition: { conditions: [when("Quelle", "like", "x")] },
    });
    expect(bad.body.code).toBe(102);
    expect(bad.body.message).toContain("Input should be 'contains'");
  });

  it("pages results and reports the total above the threshold", async () => {
    const { user, ds } = await setup();
    const all = await search(user, {
      question: "die",
      dataset_ids: [ds.id],
      vector_similarity_weight: 0.5,
      similarity_threshold: 0,
    });
    const page2 = await search(user, {
      question: "die",
      dataset_ids: [ds.id],
      vector_similarity_weight: 0.5,
      similarity_threshold: 0,
      page: 2,
      page_size: 1,
    });
    expect(page2.body.data.total).toBe(all.body.data.total);
    expect(page2.body.data.chunks.map((c) => c.id)).toEqual([all.body.data.chunks[1]?.id]);
  });

  it("reranks with the built-in lexical reranker and refuses unknown rerank models", async () => {
    const { user, ds } = await setup();
    const res = await search(user, { question: "Schlaf", dataset_ids: [ds.id], rerank_id: "builtin-rerank@Builtin" });
    expect(res.body.data.chunks[0]?.content).toContain("Schlaf");
    const bad = await search(user, { question: "Schlaf", dataset_ids: [ds.id], rerank_id: "unknown" });
    expect(bad.body).toMatchObject({ code: 100, message: "LookupError('Model(unknown) not authorized')" });
  });

  it("validates input like RAGFlow and keeps tenants apart", async () => {
    const { user, ds } = await setup();
    expect((await search(user, { question: "x" })).body).toMatchObject({
      code: 102,
      message: "`dataset_ids` is required.",
    });
    // as RAGFlow: document ids narrow the datasets, they do not stand for them
    const [doc] = (await callApi<{ docs: { id: string }[] }>(`/datasets/${ds.id}/documents`, { token: user.token }))
      .body.data.docs;
    expect((await search(user, { question: "Schlaf", document_ids: [doc?.id] })).body).toMatchObject({
      code: 102,
      message: "`dataset_ids` is required.",
    });
    expect((await search(user, { question: "x", dataset_ids: [ds.id], top_k: 0 })).body).toMatchObject({
      code: 102,
      message: "`top_k` must be greater than 0",
    });
    const tooMany = await search(user, {
      question: "x",
      dataset_ids: [ds.id],
      document_ids: Array.from({ length: 65 }, (_, i) => String(i)),
    });
    expect(tooMany.body).toMatchObject({ code: 102, message: "At most 64 document_ids per request." });
    const stranger = await createUser();
    expect((await search(stranger, { question: "Schlaf", dataset_ids: [ds.id] })).body).toMatchObject({
      code: 102,
      message: `You don't own the dataset ${ds.id}.`,
    });
    expect((await callApi("/retrieval", { json: { question: "x", dataset_ids: [ds.id] } })).status).toBe(401);
  });

  it("bounds only the nearest vectors by top_k, and carries highlight only when asked", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const beds = ["Rosen", "Tulpen", "Kartoffeln", "Bohnen", "Kräuter"];
    await ingest(
      user,
      ds.id,
      beds.map((plant, i) => textFile(`beet-${i}.txt`, `Im Garten wachsen ${plant}.`)),
    );
    const question = { question: "Garten", dataset_ids: [ds.id], similarity_threshold: 0 };
    // as RAGFlow's kNN k: the keyword matches are not cut by it
    const narrow = await search(user, { ...question, top_k: 1 });
    expect(narrow.body.data.chunks).toHaveLength(beds.length);
    for (const hit of narrow.body.data.chunks) expect(hit).not.toHaveProperty("highlight");
    const marked = await search(user, { ...question, highlight: "True" });
    for (const hit of marked.body.data.chunks) expect(hit.highlight).toContain("<em>Garten</em>");
  });

  it("ranks with the searched datasets' own statistics: another team's documents do not move the scores", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await ingest(user, ds.id, [
      textFile("herbst.txt", "Grippeimpfung im Herbst."),
      textFile("winter.txt", "Pflegeheime im Winter."),
    ]);
    const question = { question: "Grippeimpfung Pflegeheime", dataset_ids: [ds.id], similarity_threshold: 0 };
    const scores = async () =>
      Object.fromEntries(
        (await search(user, question)).body.data.chunks.map((hit) => [
          hit.content,
          [hit.similarity, hit.term_similarity],
        ]),
      );
    const before = await scores();
    expect(Object.keys(before)).toHaveLength(2);
    // another team stores many chunks with one of the two words: its frequency in the database changes, the
    // searched dataset's does not
    const stranger = await createUser();
    const crowded = await createDataset(stranger, { chunk_method: "one" });
    await ingest(
      stranger,
      crowded.id,
      Array.from({ length: 12 }, (_, i) =>
        textFile(`impfung-${i}.txt`, `Grippeimpfung Nummer ${i} für Grippeimpfungen.`),
      ),
    );
    expect(await scores()).toEqual(before);
  });

  it("weighs the file name into chunk vectors by the document's own filename_embd_weight", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const files = [
      textFile("Hausarzt.txt", "Termine nur nach Vereinbarung."),
      textFile("Apotheke.txt", "Termine nur nach Vereinbarung."),
    ];
    const uploaded = (await uploadFiles(user, ds.id, files)).body.data;
    const apotheke = uploaded.find((doc) => doc.name === "Apotheke.txt");
    await callApi(`/datasets/${ds.id}/documents/${apotheke?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { parser_config: { filename_embd_weight: 1 } },
    });
    await parseDocs(
      user,
      ds.id,
      uploaded.map((doc) => doc.id),
    );
    await waitUntilSettled(user, ds.id);
    const res = await search(user, {
      question: "Apotheke.txt",
      dataset_ids: [ds.id],
      similarity_threshold: 0,
      vector_similarity_weight: 1,
    });
    const vectorOf = (name: string) =>
      res.body.data.chunks.find((hit) => hit.document_id === uploaded.find((doc) => doc.name === name)?.id)
        ?.vector_similarity ?? -1;
    // weight 1: the chunk vector is the file name's; the default 0.1 leaves it mostly the content's
    expect(vectorOf("Apotheke.txt")).toBeCloseTo(1, 3);
    expect(vectorOf("Hausarzt.txt")).toBeLessThan(0.5);
  });

  it("keeps the vector cache in step with edits", async () => {
    const { user, ds, docs } = await setup();
    const doc = docs["ernaehrung.txt"];
    const [chunk] = (
      await callApi<{ chunks: { id: string }[] }>(`/datasets/${ds.id}/documents/${doc?.id}/chunks`, {
        token: user.token,
      })
    ).body.data.chunks;
    const before = await search(user, {
      question: "Zahnpflege Zahnseide",
      dataset_ids: [ds.id],
      vector_similarity_weight: 1,
      similarity_threshold: 0,
    });
    const beforeScore = before.body.data.chunks.find((c) => c.document_id === doc?.id)?.vector_similarity ?? 0;
    await callApi(`/datasets/${ds.id}/documents/${doc?.id}/chunks/${chunk?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { content: "Zahnpflege mit Zahnseide beugt Karies vor." },
    });
    const after = await search(user, {
      question: "Zahnpflege Zahnseide",
      dataset_ids: [ds.id],
      vector_similarity_weight: 1,
      similarity_threshold: 0,
    });
    expect(after.body.data.chunks[0]?.document_id).toBe(doc?.id);
    expect(after.body.data.chunks[0]?.vector_similarity).toBeGreaterThan(beforeScore + 0.3);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM chunk_vectors WHERE namespace = ?").bind(ds.id).first("n"),
    ).toBe(4);
  });
});
