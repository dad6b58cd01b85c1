import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  ingest,
  type TestUser,
  textFile,
  uploadFiles,
} from "../../helpers/worker/factories";

type ChunkList = { total: number; chunks: unknown[]; doc: { chunk_count: number } };

const oneDocument = async (user: TestUser) => {
  const ds = await createDataset(user);
  const up = await uploadFiles(user, ds.id, [textFile("notes.txt", "some words")]);
  const doc = up.body.data[0] as { id: string };
  return { datasetId: ds.id, documentId: doc.id, chunks: `/datasets/${ds.id}/documents/${doc.id}/chunks` };
};

const listChunks = (user: TestUser, path: string, query = "") =>
  callApi<ChunkList>(`${path}${query}`, { token: user.token });

const addChunk = (user: TestUser, path: string, json: unknown) =>
  callApi<{ chunk: { id: string; content: string } }>(path, { token: user.token, json });

// What RAGFlow v0.27's own API suites expect of datasets, documents, chunks and retrieval, in this project's words.
describe("RAGFlow v0.27 dataset, chunk and retrieval fields", () => {
  it("names v0.27's chunk methods when refusing one, and still takes Buddy's audio method", async () => {
    const user = await createUser();
    const bad = await callApi("/datasets", { token: user.token, json: { name: "m", chunk_method: "magic" } });
    expect(bad.body.code).toBe(101);
    expect(bad.body.message).toContain("'table', 'tag' or 'resume'");
    expect(bad.body.message).not.toContain("audio");
    const audio = await callApi<{ chunk_method: string }>("/datasets", {
      token: user.token,
      json: { name: "voice", chunk_method: "audio" },
    });
    expect(audio.body).toMatchObject({ code: 0, data: { chunk_method: "audio" } });
  });

  it("words an unknown or foreign dataset on GET and PUT as RAGFlow's permission line", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const ds = await createDataset(owner);
    expect((await callApi(`/datasets/${ds.id}`, { token: stranger.token })).body).toMatchObject({
      code: 102,
      message: expect.stringContaining("lacks permission for dataset"),
    });
    const put = await callApi(`/datasets/${ds.id}`, { token: stranger.token, method: "PUT", json: { name: "mine" } });
    expect(put.body).toMatchObject({
      code: 102,
      message: expect.stringContaining(`lacks permission for dataset '${ds.id}'`),
    });
    const kept = await callApi<{ name: string }>(`/datasets/${ds.id}`, { token: owner.token });
    expect(kept.body.data.name).toBe(ds.name);
  });

  it("refuses a parser_config over 65,535 characters as a whole, with RAGFlow's line", async () => {
    const user = await createUser();
    const res = await callApi("/datasets", {
      token: user.token,
      json: { name: "big", parser_config: { delimiter: "a".repeat(65_536) } },
    });
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain("Parser config exceeds size limit (max 65,535 characters)");
  });

  it("reads a chunk page or page size that is not a number as the default", async () => {
    const user = await createUser();
    const { chunks } = await oneDocument(user);
    for (const content of ["one", "two", "three"])
      expect((await addChunk(user, chunks, { content })).body.code).toBe(0);
    const alphaPage = await listChunks(user, chunks, "?page=a&page_size=2");
    expect(alphaPage.body).toMatchObject({ code: 0, data: { total: 3 } });
    expect(alphaPage.body.data.chunks).toHaveLength(2);
    const alphaSize = await listChunks(user, chunks, "?page_size=a");
    expect(alphaSize.body.data.chunks).toHaveLength(3);
  });

  it("adding the same content again adds a chunk of its own, and the count and the list both grow", async () => {
    const user = await createUser();
    const { chunks } = await oneDocument(user);
    const first = await addChunk(user, chunks, { content: "same text" });
    const again = await addChunk(user, chunks, { content: "same text", important_keywords: ["a"] });
    expect(again.body.code).toBe(0);
    expect(again.body.data.chunk.id).not.toBe(first.body.data.chunk.id);
    const third = await addChunk(user, chunks, { content: "same text" });
    expect(new Set([first, again, third].map((res) => res.body.data.chunk.id)).size).toBe(3);
    expect((await listChunks(user, chunks)).body.data).toMatchObject({ total: 3, doc: { chunk_count: 3 } });
  });

  it("finds parsed chunks by a keyword in their document's name, hand-added ones by their content only", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const docs = await ingest(user, ds.id, [textFile("garden_notes.txt", "Water the roses in the morning.")]);
    const chunks = `/datasets/${ds.id}/documents/${docs["garden_notes.txt"]?.id}/chunks`;
    await addChunk(user, chunks, { content: "chunk test 1" });
    const count = async (keywords: string) =>
      (await listChunks(user, chunks, `?keywords=${keywords}`)).body.data.chunks.length;
    expect(await count("garden")).toBe(1);
    expect(await count("roses")).toBe(1);
    expect(await count("chunk")).toBe(1);
    expect(await count("unknown")).toBe(0);
  }, 30_000);

  it("keeps a chunk's content as sent, a leading newline too, and refuses only blank content", async () => {
    const user = await createUser();
    const { chunks } = await oneDocument(user);
    const added = await addChunk(user, chunks, { content: "\n!?。；！？\"'" });
    expect(added.body.data.chunk.content).toBe("\n!?。；！？\"'");
    expect((await addChunk(user, chunks, { content: " \n " })).body).toEqual({
      code: 102,
      message: "`content` is required",
    });
  });

  it("answers RAGFlow's exception line (code 100) where its conversion raises, and changes nothing", async () => {
    const user = await createUser();
    const { chunks } = await oneDocument(user);
    const added = await addChunk(user, chunks, { content: "to edit", important_keywords: ["kept"] });
    const chunkPath = `${chunks}/${added.body.data.chunk.id}`;
    const patch = (json: unknown) => callApi(chunkPath, { token: user.token, method: "PATCH", json });

    expect((await patch({ available: "True" })).body).toEqual({
      code: 100,
      message: `ValueError("invalid literal for int() with base 10: 'True'")`,
    });
    expect((await patch({ important_keywords: ["a", 1] })).body).toEqual({
      code: 100,
      message: "TypeError('sequence item 1: expected str instance, int found')",
    });
    expect((await patch({ questions: "abc" })).body).toMatchObject({
      code: 102,
      message: "`questions` should be a list",
    });
    const asked = await addChunk(user, chunks, { content: "asked", questions: [" why? ", ""] });
    expect(asked.body.data.chunk).toMatchObject({ questions: ["why?"] });
    // the add checks its lists itself (code 102)
    expect((await addChunk(user, chunks, { content: "x", important_keywords: [1] })).body).toMatchObject({
      code: 102,
      message: "`important_keywords` must be a list of strings",
    });
    const listed = await listChunks(user, chunks, `?id=${added.body.data.chunk.id}`);
    expect(listed.body.data.chunks).toMatchObject([{ important_keywords: ["kept"], available: true }]);
  });

  it("answers retrieval's page and weight conversions as RAGFlow's int() and float() do", async () => {
    const user = await createUser();
    const { datasetId } = await oneDocument(user);
    const retrieve = (extra: Record<string, unknown>) =>
      callApi("/retrieval", { token: user.token, json: { question: "words", dataset_ids: [datasetId], ...extra } });
    expect((await retrieve({ page: null })).body).toMatchObject({
      code: 100,
      message: expect.stringContaining('TypeError("int() argument must be'),
    });
    expect((await retrieve({ page_size: "a" })).body).toMatchObject({
      code: 100,
      message: `ValueError("invalid literal for int() with base 10: 'a'")`,
    });
    expect((await retrieve({ vector_similarity_weight: "a" })).body).toMatchObject({
      code: 100,
      message: `ValueError("could not convert string to float: 'a'")`,
    });
    expect((await retrieve({ top_k: -1 })).body).toMatchObject({
      code: 102,
      message: "`top_k` must be greater than 0",
    });
    expect((await retrieve({ page: "2", top_k: "5" })).body.code).toBe(0);
  });

  it("refuses an empty document name with RAGFlow's extension line first", async () => {
    const user = await createUser();
    const { datasetId, documentId } = await oneDocument(user);
    const rename = (name: unknown) =>
      callApi(`/datasets/${datasetId}/documents/${documentId}`, { token: user.token, method: "PATCH", json: { name } });
    expect((await rename("")).body).toMatchObject({ code: 101, message: "The extension of file can't be changed" });
    expect((await rename(0)).body).toMatchObject({
      code: 102,
      message: "Field: <name> - Message: <Input should be a valid string> - Value: <0>",
    });
    const doc = await callApi<{ docs: { name: string }[] }>(`/datasets/${datasetId}/documents?id=${documentId}`, {
      token: user.token,
    });
    expect(doc.body.data.docs[0]?.name).toBe("notes.txt");
  });

  it("answers a document list filtered by an id or name the dataset lacks with RAGFlow's error", async () => {
    const user = await createUser();
    const { datasetId, documentId } = await oneDocument(user);
    const list = (query: string) => callApi(`/datasets/${datasetId}/documents${query}`, { token: user.token });
    expect((await list("?id=unknown.txt")).body).toMatchObject({
      code: 102,
      message: "you don't own the document unknown.txt",
    });
    expect((await list(`?id=${documentId}&name=other.txt`)).body).toMatchObject({
      code: 102,
      message: "you don't own the document other.txt",
    });
    expect((await list("?name=NOTES.txt")).body).toMatchObject({ code: 0, data: { total: 1 } });
    expect((await list("?orderby=unknown")).body).toMatchObject({
      code: 101,
      message: expect.stringContaining("invalid orderby field: unknown"),
    });
  });

  it("says 'No file selected!' for a file part without a file name", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const form = new FormData();
    form.append("file", "text without a file name");
    const res = await callApi(`/datasets/${ds.id}/documents`, { token: user.token, body: form });
    expect(res.body).toMatchObject({ code: 101, message: "No file selected!" });
  });

  it("refuses a file type it cannot parse with RAGFlow's line and code, storing nothing", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await uploadFiles(user, ds.id, [new File([], "tool.exe")]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 500, message: "tool.exe: This type of file has not been supported yet!" });
    const docs = await callApi<{ total: number }>(`/datasets/${ds.id}/documents`, { token: user.token });
    expect(docs.body.data.total).toBe(0);
  });
});
