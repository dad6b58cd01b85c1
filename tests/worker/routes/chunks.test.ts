import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bytesToBase64 } from "../../../worker/lib/bytes";
import { encodePng } from "../../../worker/lib/png";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

type Chunk = { id: string; content: string; available: boolean; important_keywords: string[]; questions: string[] };
type ChunkList = { chunks: Chunk[]; total: number; doc: { id: string; chunk_count: number } };

const setup = async () => {
  const user = await createUser();
  const ds = await createDataset(user, { parser_config: { chunk_token_num: 16 } });
  const docs = await ingest(user, ds.id, [
    textFile(
      "pflege.txt",
      "Die Straße zur Klinik ist gesperrt.\n\nImpfungen schützen vor Masern.\n\nGesunde Ernährung stärkt das Immunsystem.",
    ),
  ]);
  const doc = docs["pflege.txt"];
  if (!doc) throw new Error("no doc");
  return { user, ds, doc, base: `/datasets/${ds.id}/documents/${doc.id}/chunks` };
};
const list = (user: TestUser, base: string, query = "") => callApi<ChunkList>(`${base}${query}`, { token: user.token });

describe("chunks API", () => {
  it("lists chunks in reading order with the document and total", async () => {
    const { user, base, doc } = await setup();
    const res = await list(user, base);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.doc.id).toBe(doc.id);
    expect(res.body.data.chunks[0]?.content).toContain("Straße");
  });

  it("finds keywords with ß written as ss", async () => {
    const { user, base } = await setup();
    const res = await list(user, base, "?keywords=strasse");
    expect(res.body.data.chunks.map((c) => c.content)).toEqual(["Die Straße zur Klinik ist gesperrt."]);
  });

  it("adds a manual chunk that is indexed, counted and has a vector", async () => {
    const { user, ds, base } = await setup();
    const res = await callApi<{ chunk: Chunk & { create_time: string } }>(base, {
      token: user.token,
      json: {
        content: "Blutdruck regelmäßig messen.",
        important_keywords: ["Hypertonie"],
        questions: ["Wie oft Blutdruck messen?"],
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.chunk).toMatchObject({
      content: "Blutdruck regelmäßig messen.",
      important_keywords: ["Hypertonie"],
    });
    expect(res.body.data.chunk.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const fts = await env.DB.prepare("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH 'hypertonie'").first<{
      n: number;
    }>();
    expect(fts?.n).toBeGreaterThanOrEqual(1);
    const vector = await env.DB.prepare("SELECT dims FROM chunk_vectors WHERE id = ?")
      .bind(res.body.data.chunk.id)
      .first<{ dims: number }>();
    expect(vector?.dims).toBe(512);
    const dataset = await callApi<{ chunk_count: number }>(`/datasets/${ds.id}`, { token: user.token });
    expect(dataset.body.data.chunk_count).toBe(4);
  });

  it.each([
    [{}, "`content` is required"],
    [{ content: "   " }, "`content` is required"],
    [{ content: "x", important_keywords: "a" }, "`important_keywords` is required to be a list"],
  ])("refuses %o with code 102", async (json, message) => {
    const { user, base } = await setup();
    const res = await callApi(base, { token: user.token, json });
    expect(res.body).toMatchObject({ code: 102, message });
    expect((await list(user, base)).body.data.total).toBe(3);
  });

  it("edits content (re-indexed) and switches availability", async () => {
    const { user, base } = await setup();
    const [first] = (await list(user, base)).body.data.chunks;
    const edit = await callApi(`${base}/${first?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { content: "Neue Umleitung über die Hauptstraße." },
    });
    expect(edit.body).toMatchObject({ code: 0, data: true });
    expect((await list(user, base, "?keywords=umleitung")).body.data.total).toBe(1);
    const stored = await callApi<{ content_with_weight: string; available_int: number }>(`${base}/${first?.id}`, {
      token: user.token,
    });
    expect(stored.body.data).toMatchObject({
      content_with_weight: "Neue Umleitung über die Hauptstraße.",
      available_int: 1,
    });
    const off = await callApi(base, {
      method: "PATCH",
      token: user.token,
      json: { chunk_ids: [first?.id], available_int: 0 },
    });
    expect(off.body.data).toBe(true);
    expect((await list(user, base, "?available=0")).body.data.chunks.map((c) => c.id)).toEqual([first?.id]);
    const none = await callApi(base, { method: "PATCH", token: user.token, json: { chunk_ids: [] } });
    expect(none.body).toMatchObject({
      code: 102,
      message: expect.stringContaining("<chunk_ids> - Message: <Please select chunk!>"),
    });
    const [, second] = (await list(user, base)).body.data.chunks;
    const flagless = await callApi(base, { method: "PATCH", token: user.token, json: { chunk_ids: [second?.id] } });
    expect(flagless.body).toMatchObject({ code: 102, message: "`available_int` or `available` is required." });
    expect((await list(user, base, "?available=0")).body.data.chunks.map((c) => c.id)).toEqual([first?.id]);
  });

  it("splits an edited Q&A chunk into question and answer again, matching it on the new question", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { chunk_method: "qa" });
    const docs = await ingest(user, ds.id, [textFile("faq.txt", "Was ist Grippe?\tEine Virusinfektion.")]);
    const base = `/datasets/${ds.id}/documents/${docs["faq.txt"]?.id}/chunks`;
    const [chunk] = (await list(user, base)).body.data.chunks;
    expect(chunk).toMatchObject({
      content: "Question: Was ist Grippe?\tAnswer: Eine Virusinfektion.",
      questions: ["Was ist Grippe?"],
    });
    const content = "Frage: Wie lange dauert eine Grippe?\nAntwort: Etwa eine Woche.\nMeist kürzer.";
    expect(
      (await callApi(`${base}/${chunk?.id}`, { method: "PATCH", token: user.token, json: { content } })).body.code,
    ).toBe(0);
    const [edited] = (await list(user, base)).body.data.chunks;
    expect(edited).toMatchObject({
      content: "Question: Wie lange dauert eine Grippe?\tAnswer: Etwa eine Woche.\nMeist kürzer.",
      questions: ["Wie lange dauert eine Grippe?"],
    });
    const hits = await callApi<{ chunks: { id: string }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Wie lange dauert es?", dataset_ids: [ds.id], vector_similarity_weight: 0 },
    });
    expect(hits.body.data.chunks.map((hit) => hit.id)).toEqual([chunk?.id]);
  });

  it("deletes the chunks it finds, as RAGFlow's rm_chunk, failing on the count, and keeps counters exact", async () => {
    const { user, ds, base } = await setup();
    const [a, b, c] = (await list(user, base)).body.data.chunks;
    const unknown = "f".repeat(32);
    const none = await callApi(base, { method: "DELETE", token: user.token, json: { chunk_ids: [unknown] } });
    expect(none.body).toMatchObject({ code: 102, message: "rm_chunk deleted chunks 0, expect 1" });
    expect((await list(user, base)).body.data.total).toBe(3);

    const mixed = await callApi(base, {
      method: "DELETE",
      token: user.token,
      json: { chunk_ids: [a?.id, unknown] },
    });
    expect(mixed.body).toEqual({
      code: 102,
      message: "rm_chunk deleted chunks 1, expect 2",
      data: { success_count: 1, errors: [`Chunk ${unknown} not found.`] },
    });
    expect((await list(user, base)).body.data.total).toBe(2);

    const twice = await callApi(base, { method: "DELETE", token: user.token, json: { chunk_ids: [b?.id, b?.id] } });
    expect(twice.body).toEqual({
      code: 0,
      message: "Partially deleted 1 chunks with 1 errors",
      data: { success_count: 1, errors: [`Duplicate chunk ids: ${b?.id}`] },
    });
    expect((await list(user, base)).body.data.chunks.map((chunk: { id: string }) => chunk.id)).toEqual([c?.id]);
    const dataset = await callApi<{ chunk_count: number }>(`/datasets/${ds.id}`, { token: user.token });
    expect(dataset.body.data.chunk_count).toBe(1);
    const gone = await env.DB.prepare("SELECT count(*) AS n FROM chunk_vectors WHERE id IN (?, ?)")
      .bind(a?.id, b?.id)
      .first<{ n: number }>();
    expect(gone?.n).toBe(0);
  });

  it("keeps an image sent with a chunk (RAGFlow's image_base64) and the pages of its positions", async () => {
    const { user, ds, doc, base } = await setup();
    const png = await encodePng(2, 2, 4, new Uint8Array(2 * 2 * 4).fill(200));
    const created = await callApi<{ chunk: Chunk & { id: string; image_id: string } }>(base, {
      token: user.token,
      json: { content: "Ein Schaubild der Impfquoten.", image_base64: `data:image/png;base64,${bytesToBase64(png)}` },
    });
    const chunk = created.body.data.chunk;
    expect(chunk.image_id).toBe(`${ds.id}-${doc.id}-chunk-${chunk.id}`);
    const listed = (
      await callApi<{ chunks: (Chunk & { image_url?: string })[] }>(`${base}?id=${chunk.id}`, { token: user.token })
    ).body.data.chunks[0];
    const image = await SELF.fetch(`http://buddy.test${listed?.image_url}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);

    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
    const patched = await callApi(`${base}/${chunk.id}`, {
      method: "PATCH",
      token: user.token,
      json: {
        image_base64: bytesToBase64(jpeg),
        positions: [
          [3, 0, 10, 0, 10],
          [3, 5, 9, 20, 30],
          [4, 0, 1, 0, 1],
        ],
      },
    });
    expect(patched.body.code).toBe(0);
    const again = await SELF.fetch(`http://buddy.test${listed?.image_url}`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(jpeg);
    const stored = (
      await callApi<{ chunks: { positions: number[][] }[] }>(`${base}?id=${chunk.id}`, { token: user.token })
    ).body.data.chunks[0];
    expect(stored?.positions).toEqual([
      [3, 0, 10, 0, 10],
      [3, 5, 9, 20, 30],
      [4, 0, 1, 0, 1],
    ]);

    // not an image, or not base64: refused, nothing written
    const text = await callApi(base, {
      token: user.token,
      json: { content: "Kein Bild", image_base64: bytesToBase64(new TextEncoder().encode("hallo")) },
    });
    expect(text.body).toMatchObject({ code: 102, message: "`image_base64` must be a PNG, JPEG, GIF or WebP image." });
    expect(
      (await callApi(base, { token: user.token, json: { content: "Kein Bild", image_base64: "%%%" } })).body,
    ).toMatchObject({ code: 102, message: "`image_base64` should be a base64 string" });
    expect((await list(user, base, "?keywords=Kein")).body.data.total).toBe(0);
  });

  it("refuses other tenants and unknown chunks", async () => {
    const { base } = await setup();
    const stranger = await createUser();
    expect((await list(stranger, base)).body.code).toBe(102);
    const { user, base: own } = await setup();
    const missing = await callApi(`${own}/${"0".repeat(32)}`, { token: user.token });
    expect(missing.body).toMatchObject({ code: 102, message: "Chunk not found!" });
  });
});
