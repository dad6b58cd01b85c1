import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

// The bodies RAGFlow's Python SDK (ragflow_sdk/ragflow.py) sends, None arguments included as null.
describe("RAGFlow Python SDK payloads", () => {
  it("create_dataset with its defaults left as None creates a dataset with Buddy's defaults", async () => {
    const user = await createUser();
    const res = await callApi<{
      name: string;
      avatar: string | null;
      embedding_model: string;
      chunk_method: string;
      parser_config: { chunk_token_num: number };
    }>("/datasets", {
      token: user.token,
      json: {
        name: "Leitlinien",
        avatar: null,
        description: null,
        embedding_model: null,
        permission: "me",
        chunk_method: "naive",
        parser_config: null,
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: "Leitlinien",
      embedding_model: "builtin-hash@Builtin",
      chunk_method: "naive",
    });
    expect(res.body.data.parser_config.chunk_token_num).toBeGreaterThan(0);

    const updated = await callApi<{ name: string }>(`/datasets/${(res.body.data as unknown as { id: string }).id}`, {
      method: "PUT",
      token: user.token,
      json: { name: "Leitlinien 2026", avatar: null, embedding_model: null, parser_config: null },
    });
    expect(updated.body).toMatchObject({
      code: 0,
      data: { name: "Leitlinien 2026", embedding_model: "builtin-hash@Builtin" },
    });
  });

  it("retrieve with rerank_id None searches without a rerank model", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const res = await callApi<{ chunks: { content: string }[] }>("/retrieval", {
      token: user.token,
      json: {
        page: 1,
        page_size: 30,
        similarity_threshold: 0.2,
        vector_similarity_weight: 0.3,
        top_k: 1024,
        rerank_id: null,
        keyword: false,
        question: "Grippeimpfung",
        dataset_ids: [ds.id],
        document_ids: [],
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.chunks[0]?.content).toMatch(/Grippe/);
  });

  it("still refuses a wrong type where None is allowed", async () => {
    const user = await createUser();
    const res = await callApi("/datasets", { token: user.token, json: { name: "x", embedding_model: 42 } });
    expect(res.body).toMatchObject({ code: 101 });
    expect(res.body.message).toContain("embedding_model");
  });
});
