import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset } from "../../helpers/worker/chat";
import { createDataset, createUser, textFile, uploadFiles } from "../../helpers/worker/factories";

type Config = Record<string, unknown> & {
  raptor: Record<string, unknown>;
  graphrag: Record<string, unknown>;
  parent_child: { use_parent_child: boolean; children_delimiter: string };
  enable_children: boolean;
  children_delimiter: string;
};

const createWith = async (token: string, parser_config: unknown) =>
  callApi<{ id: string; parser_config: Config }>("/datasets", {
    token,
    json: { name: `cfg-${crypto.randomUUID()}`, parser_config },
  });

// RAGFlow v0.27's parser_config (validation_utils.ParserConfig): what its clients send must be taken and stored.
describe("v0.27 parser_config", () => {
  it("takes v0.27's raptor, graphrag and context fields and answers them back", async () => {
    const user = await createUser();
    const res = await createWith(user.token, {
      raptor: { use_raptor: false, clustering_threshold: 0.5, clustering_ratio: 1, max_token: 512 },
      graphrag: { use_graphrag: false, batch_chunk_token_size: 4096, retry_attempts: 2 },
      image_context_size: 3,
      table_context_size: 0,
      task_page_size: 100_000_000,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.parser_config).toMatchObject({
      raptor: { clustering_threshold: 0.5, clustering_ratio: 1, max_token: 512 },
      graphrag: { batch_chunk_token_size: 4096, retry_attempts: 2 },
      image_context_size: 3,
      task_page_size: 100_000_000,
    });
  });

  it("stores null task_page_size and pages as unset", async () => {
    const user = await createUser();
    const res = await createWith(user.token, { task_page_size: null, pages: null });
    expect(res.body.code).toBe(0);
    expect(res.body.data.parser_config).toMatchObject({ task_page_size: null, pages: null });
  });

  it("fills v0.27's defaults for the fields a config leaves out", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const config = (ds as unknown as { parser_config: Config }).parser_config;
    expect(config.raptor).toMatchObject({ clustering_threshold: 0.3, clustering_ratio: 0.5 });
    expect(config.graphrag).toMatchObject({ batch_chunk_token_size: 4096, lock_acquire_timeout_seconds: 600 });
    expect(config).toMatchObject({
      parent_child: { use_parent_child: false, children_delimiter: "\n" },
      image_context_size: 0,
      table_context_size: 0,
    });
  });

  it("keeps parent_child and enable_children/children_delimiter in step", async () => {
    const user = await createUser();
    const nested = await createWith(user.token, { parent_child: { use_parent_child: true, children_delimiter: "。" } });
    expect(nested.body.data.parser_config).toMatchObject({
      enable_children: true,
      children_delimiter: "。",
      parent_child: { use_parent_child: true, children_delimiter: "。" },
    });

    const off = await callApi<{ parser_config: Config }>(`/datasets/${nested.body.data.id}`, {
      method: "PUT",
      token: user.token,
      json: { parser_config: { parent_child: { use_parent_child: false, children_delimiter: "\n\n" } } },
    });
    expect(off.body.data.parser_config).toMatchObject({
      enable_children: false,
      parent_child: { use_parent_child: false, children_delimiter: "\n\n" },
    });

    const flat = await createWith(user.token, { enable_children: true, children_delimiter: ";" });
    expect(flat.body.data.parser_config.parent_child).toEqual({ use_parent_child: true, children_delimiter: ";" });
  });

  it("stores tag_kb_ids that cannot name a knowledge base, and still refuses another team's", async () => {
    const user = await createUser();
    const stored = await createWith(user.token, { tag_kb_ids: ["1", "2"] });
    expect(stored.body.code).toBe(0);
    expect(stored.body.data.parser_config.tag_kb_ids).toEqual(["1", "2"]);

    const other = await createUser();
    const foreign = await createDataset(other, { chunk_method: "tag" });
    expect((await createWith(user.token, { tag_kb_ids: [foreign.id] })).body.code).toBe(102);
    expect((await createWith(user.token, { tag_kb_ids: [1, 2] })).body).toMatchObject({
      code: 101,
      message: expect.stringContaining("Input should be a valid string"),
    });
  });

  it("refuses what v0.27 refuses: a blank raptor prompt, an empty parent_child delimiter, out-of-range values", async () => {
    const user = await createUser();
    const cases: [unknown, string][] = [
      [{ raptor: { prompt: " " } }, "String should have at least 1 character"],
      [{ raptor: { clustering_threshold: 1.1 } }, "Input should be less than or equal to 1"],
      [{ raptor: { clustering_threshold: "string" } }, "Input should be a valid number"],
      [{ parent_child: { use_parent_child: "string" } }, "Input should be a valid boolean"],
      [{ parent_child: { children_delimiter: "" } }, "String should have at least 1 character"],
      [{ task_page_size: 0 }, "Input should be greater than or equal to 1"],
      [{ pages: "1,2" }, "Input should be a valid list"],
    ];
    for (const [parser_config, message] of cases) {
      const res = await createWith(user.token, parser_config);
      expect(res.body, JSON.stringify(parser_config)).toMatchObject({
        code: 101,
        message: expect.stringContaining(message),
      });
    }
    const list = await callApi<unknown[]>("/datasets", { token: user.token });
    expect(list.body.data).toHaveLength(0);
  });
});

describe("v0.27 retrieval inputs", () => {
  it("reads RAGFlow.retrieve()'s defaults and its lenient values as RAGFlow does", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const retrieve = (extra: Record<string, unknown>) =>
      callApi<{ chunks: { content: string; highlight?: string }[] }>("/retrieval", {
        token: user.token,
        json: { question: "Grippeimpfung", dataset_ids: [ds.id], ...extra },
      });
    // the SDK's retrieve() with its defaults: cross_languages None
    const sdk = await retrieve({ cross_languages: null, rerank_id: null, keyword: false, page: 1, page_size: 30 });
    expect(sdk.body.code).toBe(0);
    expect(sdk.body.data.chunks[0]?.content).toMatch(/Grippe/);

    for (const extra of [
      { page: 0, page_size: 0 },
      { page: "1" },
      { vector_similarity_weight: 10 },
      { highlight: "True" },
    ]) {
      const res = await retrieve(extra);
      expect(res.body.code, JSON.stringify(extra)).toBe(0);
      expect(res.body.data.chunks.length, JSON.stringify(extra)).toBeGreaterThan(0);
    }
    expect((await retrieve({ highlight: "true" })).body.data.chunks[0]?.highlight).toBeDefined();
    expect((await retrieve({ highlight: "maybe" })).body).toMatchObject({ code: 102 });
    expect((await retrieve({ cross_languages: "German" })).body).toMatchObject({
      code: 102,
      message: "`cross_languages` should be a list.",
    });
  }, 30_000);
});

describe("v0.27 list queries", () => {
  it("reads desc as pydantic does on the dataset list and as RAGFlow's chat list does", async () => {
    const user = await createUser();
    const first = await createDataset(user);
    const second = await createDataset(user);
    const names = async (desc: string) =>
      (await callApi<{ id: string }[]>(`/datasets?desc=${desc}`, { token: user.token })).body;
    for (const [word, order] of [
      ["yes", [second.id, first.id]],
      ["n", [first.id, second.id]],
    ] as const) {
      const res = await names(word);
      expect(res.code, word).toBe(0);
      expect(res.data.map((ds) => ds.id)).toEqual(order);
    }
    expect(await names("unknown")).toMatchObject({
      code: 101,
      message: expect.stringContaining("Input should be a valid boolean, unable to interpret input"),
    });
    const chats = await callApi("/chats?desc=unknown&page=0&page_size=0", { token: user.token });
    expect(chats.body.code).toBe(0);
  });
});

describe("v0.27 chunk inputs", () => {
  const documentWithoutChunks = async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const uploaded = await uploadFiles(user, ds.id, [textFile("notiz.txt", "Rasen mähen.")]);
    const doc = uploaded.body.data[0];
    return { user, base: `/datasets/${ds.id}/documents/${doc?.id}/chunks` };
  };

  it("takes the same content twice as two chunks, available as 1/0 and content null", async () => {
    const { user, base } = await documentWithoutChunks();
    const add = (json: Record<string, unknown>) =>
      callApi<{ chunk: { id: string; important_keywords: string[] } }>(base, { token: user.token, json });
    const first = await add({ content: "Die Hecke im März schneiden." });
    const again = await add({ content: "Die Hecke im März schneiden.", important_keywords: ["Hecke"] });
    expect(again.body.code).toBe(0);
    expect(again.body.data.chunk.id).not.toBe(first.body.data.chunk.id);
    expect(again.body.data.chunk.important_keywords).toEqual(["Hecke"]);
    const listed = await callApi<{ chunks: { id: string; available: boolean; content: string }[] }>(base, {
      token: user.token,
    });
    expect(listed.body.data.chunks).toHaveLength(2);

    const id = first.body.data.chunk.id;
    const patch = (json: Record<string, unknown>) =>
      callApi(`${base}/${id}`, { method: "PATCH", token: user.token, json });
    expect((await patch({ available: 0, content: null })).body.code).toBe(0);
    const after = (await callApi<{ chunks: { available: boolean; content: string }[] }>(base, { token: user.token }))
      .body.data.chunks[0];
    expect(after).toMatchObject({ available: false, content: "Die Hecke im März schneiden." });
    expect((await patch({ available: 1 })).body.code).toBe(0);
    expect((await patch({ available: 2 })).body.code).toBe(102);
  }, 20_000);

  it("deletes nothing and succeeds for delete_all or an empty list on a document without chunks", async () => {
    const { user, base } = await documentWithoutChunks();
    for (const json of [{ delete_all: true }, { chunk_ids: [] }]) {
      const res = await callApi(base, { method: "DELETE", token: user.token, json });
      expect(res.body, JSON.stringify(json)).toMatchObject({ code: 0, data: { success_count: 0 } });
    }
  });
});
