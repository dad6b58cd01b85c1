import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, uploadFiles } from "../../helpers/worker/factories";

type Dataset = {
  id: string;
  name: string;
  chunk_method: string;
  embedding_model: string;
  permission: string;
  document_count: number;
  parser_config: Record<string, unknown> & { raptor: Record<string, unknown>; graphrag: Record<string, unknown> };
  [key: string]: unknown;
};

describe("POST /datasets", () => {
  it("creates a dataset with RAGFlow's defaults", async () => {
    const user = await createUser();
    const res = await callApi<Dataset>("/datasets", { token: user.token, json: { name: "  Gesundheit  " } });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: "Gesundheit",
      chunk_method: "naive",
      permission: "me",
      embedding_model: "builtin-hash@Builtin",
      chunk_count: 0,
      document_count: 0,
      token_num: 0,
      similarity_threshold: 0.2,
      vector_similarity_weight: 0.3,
      status: "1",
      tenant_id: user.id,
      created_by: user.id,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f]{32}$/);
    // RAGFlow v0.27's sparse defaults: the flags only enable RAPTOR and the graph (built on request, not at parse)
    expect(res.body.data.parser_config).toMatchObject({
      chunk_token_num: 512,
      delimiter: "\n",
      layout_recognize: "DeepDOC",
      topn_tags: 3,
      table_context_size: 0,
      image_context_size: 0,
      children_delimiter: "",
      llm_id: "",
      parent_child: { use_parent_child: false, children_delimiter: "\n" },
    });
    expect(res.body.data.parser_config).not.toHaveProperty("task_page_size");
    expect(res.body.data.parser_config.raptor).toMatchObject({
      use_raptor: true,
      max_token: 512,
      clustering_threshold: 0.3,
      max_cluster: 64,
      random_seed: 0,
    });
    expect(res.body.data.parser_config.graphrag).toMatchObject({ use_graphrag: true, method: "light" });
  });

  it.each([{}, null])("takes parser_config %o as not given", async (parser_config) => {
    const user = await createUser();
    const res = await callApi<Dataset>("/datasets", { token: user.token, json: { name: "Leer", parser_config } });
    expect(res.body.data.parser_config.raptor?.use_raptor).toBe(true);
    expect(res.body.data.parser_config.graphrag?.use_graphrag).toBe(true);
  });

  it("switches RAPTOR and the graph off when a given parser_config leaves them out", async () => {
    const user = await createUser();
    const ds = (await createDataset(user, { parser_config: { chunk_token_num: 1024 } })) as unknown as Dataset;
    expect(ds.parser_config).toMatchObject({ chunk_token_num: 1024 });
    expect(ds.parser_config.raptor).toMatchObject({ use_raptor: false, max_token: 512 });
    expect(ds.parser_config.graphrag).toMatchObject({ use_graphrag: false, method: "light" });
  });

  it("suffixes duplicate names case-insensitively: name, NAME(1), name(2)", async () => {
    const user = await createUser();
    const names = [];
    for (const name of ["Bericht", "BERICHT", "bericht"]) names.push((await createDataset(user, { name })).name);
    expect(names).toEqual(["Bericht", "BERICHT(1)", "bericht(2)"]);
  });

  it("merges a partial parser_config over the chunk method's defaults", async () => {
    const user = await createUser();
    const ds = (await createDataset(user, {
      chunk_method: "paper",
      parser_config: { chunk_token_num: 256, raptor: { use_raptor: true } },
    })) as unknown as Dataset;
    // paper's own defaults are only the flags (off); what was given goes over them
    expect(ds.parser_config).toEqual({
      table_context_size: 0,
      image_context_size: 0,
      chunk_token_num: 256,
      raptor: { use_raptor: true },
      graphrag: { use_graphrag: false },
      llm_id: "",
    });
  });

  it.each([
    [{}, "Field: <name> - Message: <Field required>"],
    [{ name: "" }, "String should have at least 1 character"],
    [{ name: "x".repeat(129) }, "String should have at most 128 characters"],
    [{ name: 3 }, "Input should be a valid string"],
    [{ name: null }, "Field: <name> - Message: <Input should be a valid string> - Value: <None>"],
    [{ name: "a", permission: ["me", true] }, "- Value: <['me', True]>"],
    [{ name: "a", permission: "all" }, "Input should be 'me' or 'team'"],
    [
      { name: "a", chunk_method: "magic" },
      "Input should be 'naive', 'book', 'email', 'laws', 'manual', 'one', 'paper', 'picture', 'presentation', 'qa', 'table', 'tag' or 'resume'",
    ],
    [{ name: "a", avatar: "image/png;base64,AAA" }, "invalid MIME prefix format. Must start with 'data:'"],
    [{ name: "a", avatar: "data:image/gif;base64,AAA" }, "Unsupported MIME type. Allowed: ['image/jpeg', 'image/png']"],
    [
      { name: "a", embedding_model: "no-provider" },
      "embedding model identifier must follow <model_name>@<provider> format",
    ],
    [
      { name: "a", parser_config: { chunk_token_num: 0 } },
      "Field: <parser_config.chunk_token_num> - Message: <Input should be greater than or equal to 1> - Value: <0>",
    ],
    [{ name: "a", parser_config: { chunk_token_num: 4096 } }, "Input should be less than or equal to 2048"],
    [{ name: "a", parser_config: { delimiter: "`##" } }, "Multi-character delimiters must be enclosed in backticks"],
    [
      {
        name: "a",
        parser_config: {
          pages: [
            [1, 10],
            [5, 20],
          ],
        },
      },
      "Each range must start after the previous range's end",
    ],
    [{ name: "a", parser_config: { pages: [[10, 5]] } }, "A range must end at or after its start"],
    [
      { name: "a", parser_config: { raptor: { use_raptor: true, prompt: "" } } },
      "Field: <parser_config.raptor.prompt>",
    ],
    [{ name: "a", parser_config: { unknown_key: 1 } }, "Extra inputs are not permitted"],
    [{ name: "a", unknown_field: 1 }, "Extra inputs are not permitted"],
    // RAGFlow v0.27 sets pagerank on update only
    [{ name: "a", pagerank: 10 }, "Field: <pagerank> - Message: <Extra inputs are not permitted>"],
  ])("rejects %o with code 101", async (json, message) => {
    const user = await createUser();
    const res = await callApi("/datasets", { token: user.token, json });
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain(message);
    const list = await callApi<Dataset[]>("/datasets", { token: user.token });
    expect(list.body.data).toEqual([]);
  });

  it.each(["BAAI/bge-small-en-v1.5@Builtin", "BAAI/bge-small-en-v1.5@Local@Builtin"])(
    "takes RAGFlow's default embedding id %s and searches with it",
    async (model) => {
      const user = await createUser();
      const created = await callApi<Dataset>("/datasets", {
        token: user.token,
        json: { name: "a", embedding_model: model },
      });
      expect(created.body.data.embedding_model).toBe(model);
      await ingest(user, created.body.data.id, [textFile("impfung.txt", "Die Grippeimpfung schützt ältere Menschen.")]);
      const found = await callApi<{ chunks: { vector_similarity: number }[] }>("/retrieval", {
        token: user.token,
        json: { question: "Grippeimpfung", dataset_ids: [created.body.data.id], vector_similarity_weight: 1 },
      });
      expect(found.body.data.chunks[0]?.vector_similarity).toBeGreaterThan(0.2);
    },
  );

  it.each([
    ["unknown@ZHIPU-AI", "Model unknown@ZHIPU-AI not found for model embedding"],
    ["embedding-3@unknown", "Provider unknown not found for model embedding-3@unknown."],
    ["text-embedding-3-small@OpenAI", "Provider OpenAI not found for model text-embedding-3-small@OpenAI."],
    [
      "text-embedding-v3@Tongyi-Qianwen",
      "Provider Tongyi-Qianwen not found for model text-embedding-v3@Tongyi-Qianwen.",
    ],
  ])("refuses embedding model %s with code 102", async (model, message) => {
    const user = await createUser();
    const res = await callApi("/datasets", { token: user.token, json: { name: "a", embedding_model: model } });
    expect(res.body).toMatchObject({ code: 102, message });
  });
});

describe("GET /datasets", () => {
  it("pages and orders, reports total_datasets, and filters by name and id", async () => {
    const user = await createUser();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createDataset(user, { name: `ds-${i}` }));
    const page = await callApi<Dataset[]>("/datasets?page=1&page_size=2&orderby=create_time&desc=false", {
      token: user.token,
    });
    expect(page.body.data.map((d) => d.name)).toEqual(["ds-0", "ds-1"]);
    expect((page.body as unknown as { total_datasets: number }).total_datasets).toBe(3);
    const byName = await callApi<Dataset[]>("/datasets?name=DS-2", { token: user.token });
    expect(byName.body.data.map((d) => d.id)).toEqual([created[2]?.id]);
    const byId = await callApi<Dataset[]>(`/datasets?id=${created[1]?.id}`, { token: user.token });
    expect(byId.body.data.map((d) => d.name)).toEqual(["ds-1"]);
  });

  it("rejects bad paging with code 101 and unknown names with code 102", async () => {
    const user = await createUser();
    const bad = await callApi("/datasets?page=0", { token: user.token });
    expect(bad.body).toMatchObject({ code: 101 });
    expect(bad.body.message).toContain("Input should be greater than or equal to 1");
    const text = await callApi("/datasets?page_size=abc", { token: user.token });
    expect(text.body.message).toContain("unable to parse string as an integer");
    const unknown = await callApi("/datasets?name=nothing-here", { token: user.token });
    expect(unknown.body).toMatchObject({
      code: 102,
      message: `User '${user.id}' lacks permission for dataset 'nothing-here'`,
    });
  });

  it("adds parsing status counts on request", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await uploadFiles(user, ds.id, [textFile("a.txt", "eins"), textFile("b.txt", "zwei")]);
    const res = await callApi<(Dataset & { unstart_count: number; done_count: number })[]>(
      "/datasets?include_parsing_status=true",
      { token: user.token },
    );
    expect(res.body.data[0]).toMatchObject({ unstart_count: 2, running_count: 0, done_count: 0, document_count: 2 });
  });

  it("never shows another tenant's datasets", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const ds = await createDataset(owner);
    expect((await callApi<Dataset[]>("/datasets", { token: stranger.token })).body.data).toEqual([]);
    expect((await callApi(`/datasets?id=${ds.id}`, { token: stranger.token })).body.code).toBe(102);
    expect((await callApi(`/datasets/${ds.id}`, { token: stranger.token })).body.code).toBe(102);
  });
});

describe("PUT /datasets/{id}", () => {
  it("updates fields and returns the dataset", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await callApi<Dataset>(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: {
        name: "Neu",
        description: "Beschreibung",
        permission: "team",
        pagerank: 10,
        parser_config: { chunk_token_num: 128 },
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ name: "Neu", description: "Beschreibung", permission: "team", pagerank: 10 });
    expect(res.body.data.parser_config.chunk_token_num).toBe(128);
    expect(res.body.data.parser_config.delimiter).toBe("\n");
  });

  it("switching chunk method resets the parser config to that method's defaults", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { chunk_token_num: 100 } });
    const res = await callApi<Dataset>(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { chunk_method: "paper" },
    });
    expect(res.body.data.parser_config).toEqual({
      table_context_size: 0,
      image_context_size: 0,
      raptor: { use_raptor: false },
      graphrag: { use_graphrag: false },
    });
  });

  it("refuses a name another dataset of the tenant has, and changes nothing", async () => {
    const user = await createUser();
    await createDataset(user, { name: "Eins" });
    const two = await createDataset(user, { name: "Zwei" });
    const res = await callApi(`/datasets/${two.id}`, { method: "PUT", token: user.token, json: { name: "eins" } });
    expect(res.body.code).toBe(102);
    expect((await callApi<Dataset>(`/datasets/${two.id}`, { token: user.token })).body.data.name).toBe("Zwei");
  });

  it("refuses another tenant's dataset", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const ds = await createDataset(owner);
    const res = await callApi(`/datasets/${ds.id}`, { method: "PUT", token: stranger.token, json: { name: "hijack" } });
    expect(res.body.code).toBe(102);
  });
});

describe("DELETE /datasets", () => {
  it("deletes the listed datasets with their documents and files", async () => {
    const user = await createUser();
    const keep = await createDataset(user);
    const gone = await createDataset(user);
    const uploaded = await uploadFiles(user, gone.id, [textFile("x.txt", "inhalt")]);
    const docId = uploaded.body.data[0]?.id;
    const res = await callApi("/datasets", { method: "DELETE", token: user.token, json: { ids: [gone.id] } });
    expect(res.body).toMatchObject({ code: 0, data: { success_count: 1 } });
    const list = await callApi<Dataset[]>("/datasets", { token: user.token });
    expect(list.body.data.map((d) => d.id)).toEqual([keep.id]);
    expect((await callApi(`/datasets/${gone.id}/documents/${docId}`, { token: user.token })).body).toMatchObject({
      code: 102,
    });
  });

  it("is all or nothing when an id is unknown or foreign", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const mine = await createDataset(user);
    const theirs = await createDataset(stranger);
    const res = await callApi("/datasets", {
      method: "DELETE",
      token: user.token,
      json: { ids: [mine.id, theirs.id] },
    });
    expect(res.body.code).toBe(102);
    expect(res.body.message).toContain("lacks permission for datasets");
    expect((await callApi<Dataset[]>("/datasets", { token: user.token })).body.data).toHaveLength(1);
    expect((await callApi<Dataset[]>("/datasets", { token: stranger.token })).body.data).toHaveLength(1);
  });

  it("deletes nothing for null ids and everything with delete_all", async () => {
    const user = await createUser();
    await createDataset(user);
    await createDataset(user);
    const none = await callApi("/datasets", { method: "DELETE", token: user.token, json: { ids: null } });
    expect(none.body.data).toEqual({ success_count: 0 });
    const all = await callApi("/datasets", { method: "DELETE", token: user.token, json: { delete_all: true } });
    expect(all.body.data).toEqual({ success_count: 2 });
  });

  it("rejects duplicate ids", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const res = await callApi("/datasets", { method: "DELETE", token: user.token, json: { ids: [ds.id, ds.id] } });
    expect(res.body.code).toBe(101);
  });
});
