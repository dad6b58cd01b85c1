import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { readConfig } from "../../../worker/lib/config";
import type { Deps } from "../../../worker/services/context";
import { testModel } from "../../../worker/services/models/add";
import { resolveChat } from "../../../worker/services/models/resolve";
import { AWS_TEST_KEYS, GOOD_KEY } from "../../helpers/shared/model-key";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

type ModelList = {
  providers: {
    name: string;
    models: {
      id: string;
      model_id: string;
      model_type: string;
      api_key_hint: string | null;
      credentials_set: { key: string; hint: string | null }[];
    }[];
  }[];
  available: {
    name: string;
    keyless: boolean;
    base_template: string;
    credentials: { key: string; secret: boolean; required: boolean; or_api_key: boolean; json: boolean }[];
  }[];
  defaults: Record<string, string>;
};

const addModel = (user: TestUser, json: Record<string, unknown>) =>
  callApi<ModelList>("/providers/models", {
    token: user.token,
    json: { llm_factory: "OpenAI-API-Compatible", api_base: env.TEST_OPENAI_URL, api_key: GOOD_KEY, ...json },
  });

describe("model providers", () => {
  it("lists the built-in models and the providers that can be added, OpenAI first", async () => {
    const user = await createUser();
    const res = await callApi<ModelList>("/models", { token: user.token });
    expect(res.body.data.providers[0]?.name).toBe("Builtin");
    expect(res.body.data.providers[0]?.models.map((m) => m.model_id)).toEqual([
      "builtin-hash@Builtin",
      "builtin-extractive@Builtin",
      "builtin-rerank@Builtin",
    ]);
    expect(res.body.data.available.slice(0, 5).map((p) => p.name)).toEqual([
      "OpenAI",
      "Moonshot",
      "ZHIPU-AI",
      "Ollama",
      "Xinference",
    ]);
    expect(res.body.data.defaults).toMatchObject({
      llm_id: "builtin-extractive@Builtin",
      embd_id: "builtin-hash@Builtin",
    });
  });

  it("tests the connection before saving, stores the key sealed and shows only a hint", async () => {
    const user = await createUser();
    const res = await addModel(user, { llm_name: "chat-model", model_type: "chat" });
    expect(res.body.code).toBe(0);
    const provider = res.body.data.providers.find((p) => p.name === "OpenAI-API-Compatible");
    expect(provider?.models[0]).toMatchObject({
      model_id: "chat-model@OpenAI-API-Compatible",
      model_type: "chat",
      api_key_hint: "sk-…-key",
    });
    const stored = await env.DB.prepare("SELECT api_key_sealed FROM tenant_models WHERE tenant_id = ?")
      .bind(user.id)
      .first<{ api_key_sealed: string }>();
    expect(stored?.api_key_sealed).toMatch(/^v1:/);
    expect(stored?.api_key_sealed).not.toContain(GOOD_KEY);
  });

  it("refuses a bad key with the provider's explanation and saves nothing", async () => {
    const user = await createUser();
    const res = await addModel(user, { llm_name: "chat-model", model_type: "chat", api_key: "sk-wrong" });
    expect(res.body.code).toBe(102);
    expect(res.body.message).toContain("Connection test failed: Invalid API key (401)");
    const list = await callApi<ModelList>("/models", { token: user.token });
    expect(list.body.data.providers.map((p) => p.name)).toEqual(["Builtin"]);
  });

  it.each([
    [{ llm_factory: "OpenAI", llm_name: "gpt-4o", model_type: "chat", api_key: "" }, "API key is required"],
    [{ llm_factory: "Nope", llm_name: "x", model_type: "chat" }, "Unknown provider: Nope"],
    [
      { llm_factory: "OpenAI", llm_name: "not-a-model", model_type: "chat" },
      "OpenAI does not offer chat model not-a-model",
    ],
    [{ llm_factory: "OpenAI", model_type: "chat" }, "`llm_name` is required"],
  ])("validates %o", async (json, message) => {
    const user = await createUser();
    const res = await callApi("/providers/models", { token: user.token, json });
    expect(res.body.code).toBe(102);
    expect(res.body.message).toContain(message);
  });

  it("sets defaults only to models that exist for the tenant", async () => {
    const user = await createUser();
    await addModel(user, { llm_name: "chat-model", model_type: "chat" });
    const ok = await callApi<Record<string, string>>("/models/default", {
      method: "PATCH",
      token: user.token,
      json: { llm_id: "chat-model@OpenAI-API-Compatible" },
    });
    expect(ok.body.data.llm_id).toBe("chat-model@OpenAI-API-Compatible");
    const bad = await callApi("/models/default", {
      method: "PATCH",
      token: user.token,
      json: { embd_id: "chat-model@OpenAI-API-Compatible" },
    });
    expect(bad.body).toMatchObject({ code: 102 });
    const stranger = await createUser();
    const foreign = await callApi("/models/default", {
      method: "PATCH",
      token: stranger.token,
      json: { llm_id: "chat-model@OpenAI-API-Compatible" },
    });
    expect(foreign.body.code).toBe(102);
  });

  it("a configured embedding model indexes and retrieves a dataset; other tenants may not use it", async () => {
    const user = await createUser();
    await addModel(user, { llm_name: "embed-model", model_type: "embedding" });
    const ds = await createDataset(user, { embedding_model: "embed-model@OpenAI-API-Compatible" });
    const docs = await ingest(user, ds.id, [textFile("a.txt", "Schlaf ist wichtig für die Gesundheit.")]);
    expect(docs["a.txt"]?.run).toBe("DONE");
    const vector = await env.DB.prepare("SELECT dims, model FROM chunk_vectors WHERE namespace = ?")
      .bind(ds.id)
      .first<{ dims: number; model: string }>();
    expect(vector).toEqual({ dims: 8, model: "embed-model@OpenAI-API-Compatible" });
    const hits = await callApi<{ chunks: { content: string; vector_similarity: number }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Schlaf", dataset_ids: [ds.id], vector_similarity_weight: 1, similarity_threshold: 0 },
    });
    expect(hits.body.data.chunks[0]?.vector_similarity).toBeGreaterThan(0);
    const stranger = await createUser();
    const refused = await callApi("/datasets", {
      token: stranger.token,
      json: { name: "x", embedding_model: "embed-model@OpenAI-API-Compatible" },
    });
    expect(refused.body).toMatchObject({
      code: 102,
      message: "Unauthorized model: <embed-model@OpenAI-API-Compatible>",
    });
  });

  it("a disabled model cannot be used until it is enabled again", async () => {
    const user = await createUser();
    const added = await addModel(user, { llm_name: "embed-model", model_type: "embedding" });
    const id = added.body.data.providers.find((p) => p.name === "OpenAI-API-Compatible")?.models[0]?.id;
    expect(
      (await callApi(`/providers/models/${id}`, { method: "PATCH", token: user.token, json: { enabled: false } })).body
        .data,
    ).toBe(true);
    const refused = await callApi("/datasets", {
      token: user.token,
      json: { name: "x", embedding_model: "embed-model@OpenAI-API-Compatible" },
    });
    expect(refused.body).toMatchObject({
      code: 102,
      message: "Unauthorized model: <embed-model@OpenAI-API-Compatible>",
    });
    await callApi(`/providers/models/${id}`, { method: "PATCH", token: user.token, json: { enabled: true } });
    const accepted = await callApi("/datasets", {
      token: user.token,
      json: { name: "x", embedding_model: "embed-model@OpenAI-API-Compatible" },
    });
    expect(accepted.body.code).toBe(0);
    const stranger = await createUser();
    expect(
      (await callApi(`/providers/models/${id}`, { method: "PATCH", token: stranger.token, json: { enabled: false } }))
        .body.code,
    ).toBe(102);
  });

  it("deletes a model of one's own tenant only", async () => {
    const user = await createUser();
    const added = await addModel(user, { llm_name: "chat-model", model_type: "chat" });
    const id = added.body.data.providers.find((p) => p.name === "OpenAI-API-Compatible")?.models[0]?.id;
    const stranger = await createUser();
    expect((await callApi(`/providers/models/${id}`, { method: "DELETE", token: stranger.token })).body.code).toBe(102);
    expect((await callApi(`/providers/models/${id}`, { method: "DELETE", token: user.token })).body.data).toBe(true);
  });
});

describe("model types beyond chat and embeddings", () => {
  it.each([
    ["rerank", "rerank-model", "scores 1.00, 0.00"],
    ["image2text", "vision-model", "Bild (data:image/png): ein Impfpass"],
    ["speech2text", "whisper-1", 'transcript: "Transkript von probe.wav'],
    ["tts", "tts-1", "bytes of audio/mpeg"],
  ])("tests a %s model with a real call before saving", async (type, name, detail) => {
    const user = await createUser();
    const res = await callApi<{ ok: boolean; detail: string }>("/providers/test", {
      token: user.token,
      json: {
        llm_factory: "OpenAI-API-Compatible",
        api_base: env.TEST_OPENAI_URL,
        api_key: GOOD_KEY,
        llm_name: name,
        model_type: type,
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.detail).toContain(detail);
  });

  it("adds Workers AI models without a key or URL and reports binding failures plainly", async () => {
    const user = await createUser();
    const added = await callApi<ModelList>("/providers/models", {
      token: user.token,
      json: { llm_factory: "Workers AI", llm_name: "@cf/meta/llama-3.1-8b-instruct", model_type: "chat" },
    });
    expect(added.body.code).toBe(0);
    expect(added.body.data.providers.find((p) => p.name === "Workers AI")?.models[0]?.model_id).toBe(
      "@cf/meta/llama-3.1-8b-instruct@Workers AI",
    );
    const broken = await callApi("/providers/models", {
      token: user.token,
      json: { llm_factory: "Workers AI", llm_name: "@cf/test/broken", model_type: "chat" },
    });
    expect(broken.body).toMatchObject({
      code: 102,
      message: expect.stringContaining("Connection test failed: Workers AI failed"),
    });
  });

  it("a configured rerank model replaces the vector part of the score in retrieval", async () => {
    const user = await createUser();
    await addModel(user, { llm_name: "rerank-model", model_type: "rerank" });
    const ds = await createDataset(user);
    await ingest(user, ds.id, [
      textFile("a.txt", "Grippe kommt im Winter."),
      textFile("b.txt", "Die Grippe Impfung schützt im Winter vor Grippe."),
    ]);
    const search = (rerank_id?: string) =>
      callApi<{ chunks: { document_keyword: string; vector_similarity: number }[] }>("/retrieval", {
        token: user.token,
        json: {
          question: "grippe impfung",
          dataset_ids: [ds.id],
          vector_similarity_weight: 0.5,
          similarity_threshold: 0,
          rerank_id,
        },
      });
    const reranked = await search("rerank-model@OpenAI-API-Compatible");
    expect(reranked.body.data.chunks.map((c) => [c.document_keyword, c.vector_similarity])).toEqual([
      ["b.txt", 1],
      ["a.txt", 0.5],
    ]);
    const stranger = await createUser();
    const foreign = await callApi("/retrieval", {
      token: stranger.token,
      json: { question: "x", dataset_ids: [ds.id], rerank_id: "rerank-model@OpenAI-API-Compatible" },
    });
    expect(foreign.body.code).not.toBe(0);
  });

  it("parses an image with the tenant's image-to-text model, and explains when there is none", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const png = () =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "pass.png", { type: "image/png" });
    const without = await ingest(user, ds.id, [png()]);
    expect(without["pass.png"]).toMatchObject({
      run: "FAIL",
      progress_msg: expect.stringContaining("Images need an image-to-text model"),
    });
    await addModel(user, { llm_name: "vision-model", model_type: "image2text" });
    await callApi("/models/default", {
      method: "PATCH",
      token: user.token,
      json: { img2txt_id: "vision-model@OpenAI-API-Compatible" },
    });
    const ds2 = await createDataset(user);
    const docs = await ingest(user, ds2.id, [png()]);
    expect(docs["pass.png"]?.run).toBe("DONE");
    const chunks = await callApi<{ chunks: { content: string }[] }>(
      `/datasets/${ds2.id}/documents/${docs["pass.png"]?.id}/chunks`,
      { token: user.token },
    );
    expect(chunks.body.data.chunks[0]?.content).toBe("Bild (data:image/png): ein Impfpass");
  });
});

describe("provider-specific credentials", () => {
  const accessKeys = {
    aws_access_key_id: AWS_TEST_KEYS.accessKeyId,
    aws_secret_access_key: AWS_TEST_KEYS.secretAccessKey,
    aws_region: "eu-central-1",
  };
  const bedrock = (json: Record<string, unknown> = {}) => ({
    llm_factory: "Bedrock",
    llm_name: "openai.gpt-oss-20b-1:0",
    model_type: "chat",
    api_base: `${env.TEST_CLOUD_API_URL}/openai/v1`,
    credentials: accessKeys,
    ...json,
  });
  const serviceAccount = JSON.stringify({
    type: "service_account",
    project_id: "buddy-test",
    private_key_id: "route-test",
    private_key: env.TEST_GOOGLE_PRIVATE_KEY,
    client_email: `routes-${crypto.randomUUID().slice(0, 8)}@buddy-test.iam.gserviceaccount.com`,
    token_uri: `${env.TEST_CLOUD_API_URL}/token`,
  });
  const deps = () =>
    ({ db: createDb(env.DB), config: readConfig(env as { PROVIDER_SECRET?: string }), ai: null }) as unknown as Deps;

  it("lists each provider's credential fields so the settings page can ask for them", async () => {
    const user = await createUser();
    const { available } = (await callApi<ModelList>("/models", { token: user.token })).body.data;
    const fields = (name: string) => available.find((p) => p.name === name)?.credentials.map((field) => field.key);
    expect(fields("Bedrock")).toEqual([
      "aws_access_key_id",
      "aws_secret_access_key",
      "aws_session_token",
      "aws_region",
    ]);
    expect(fields("VertexAI")).toEqual(["google_project_id", "google_region", "google_service_account_key"]);
    expect(fields("Azure-OpenAI")).toEqual(["api_version"]);
    expect(fields("VolcEngine")).toEqual(["endpoint_id"]);
    expect(fields("BaiduYiyan")).toEqual(["yiyan_app_id", "yiyan_secret_key"]);
    expect(fields("OpenAI")).toEqual([]);
    expect(available.find((p) => p.name === "VertexAI")).toMatchObject({
      keyless: true,
      base_template: expect.stringContaining("{google_region}-aiplatform.googleapis.com"),
    });
    expect(available.find((p) => p.name === "Bedrock")?.credentials[0]).toMatchObject({
      secret: true,
      or_api_key: true,
      required: false,
    });
  });

  it("adds a Bedrock model with access keys: tested with a signed call, sealed in D1, listed by key only", async () => {
    const user = await createUser();
    const res = await callApi<ModelList>("/providers/models", { token: user.token, json: bedrock() });
    expect(res.body.code).toBe(0);
    const model = res.body.data.providers.find((p) => p.name === "Bedrock")?.models[0];
    expect(model).toMatchObject({ api_key_hint: null });
    expect(model?.credentials_set).toEqual([
      { key: "aws_access_key_id", hint: null },
      { key: "aws_secret_access_key", hint: null },
      { key: "aws_region", hint: "eu-…al-1" },
    ]);
    const listing = JSON.stringify((await callApi("/models", { token: user.token })).body);
    expect(listing).not.toContain(AWS_TEST_KEYS.secretAccessKey);
    expect(listing).not.toContain(AWS_TEST_KEYS.accessKeyId);
    const stored = await env.DB.prepare(
      "SELECT credentials_sealed, credential_hints FROM tenant_models WHERE tenant_id = ?",
    )
      .bind(user.id)
      .first<{ credentials_sealed: string; credential_hints: string }>();
    expect(stored?.credentials_sealed).toMatch(/^v1:[0-9a-f]+:[0-9a-f]+$/);
    for (const column of [stored?.credentials_sealed, stored?.credential_hints]) {
      expect(column).not.toContain(AWS_TEST_KEYS.secretAccessKey);
      expect(column).not.toContain(AWS_TEST_KEYS.accessKeyId);
      expect(column).not.toContain("eu-central-1");
    }
    // the stored model signs its calls with the unsealed keys
    const chat = await resolveChat(deps(), user.id, "openai.gpt-oss-20b-1:0@Bedrock");
    expect((await chat.complete([{ role: "user", content: "Hallo" }])).text).toBe(
      "Bedrock (SigV4, eu-central-1) openai.gpt-oss-20b-1:0: Hallo",
    );
  });

  it("tests Vertex AI with a service account key and Azure with api-version and api-key", async () => {
    const user = await createUser();
    const vertex = await callApi<{ ok: boolean; detail: string }>("/providers/test", {
      token: user.token,
      json: {
        llm_factory: "VertexAI",
        llm_name: "google/gemini-2.5-flash",
        model_type: "chat",
        api_base: `${env.TEST_CLOUD_API_URL}/v1/projects/buddy-test/locations/europe-west3/endpoints/openapi`,
        credentials: {
          google_project_id: "buddy-test",
          google_region: "europe-west3",
          google_service_account_key: serviceAccount,
        },
      },
    });
    expect(vertex.body).toMatchObject({
      code: 0,
      data: { ok: true, detail: expect.stringContaining("Vertex buddy-test/europe-west3 google/gemini-2.5-flash") },
    });
    const azure = await callApi<{ ok: boolean; detail: string }>("/providers/test", {
      token: user.token,
      json: {
        llm_factory: "Azure-OpenAI",
        llm_name: "my-gpt4o",
        model_type: "chat",
        api_base: env.TEST_CLOUD_API_URL,
        api_key: GOOD_KEY,
      },
    });
    expect(azure.body.data.detail).toContain("Azure my-gpt4o (api-version 2024-10-21)");
  });

  it.each([
    [
      bedrock({ credentials: { aws_region: "eu-central-1" } }),
      "Bedrock needs an API key or the credentials aws_access_key_id and aws_secret_access_key.",
    ],
    [
      bedrock({ credentials: { aws_region: "eu-central-1", aws_access_key_id: "AKID" } }),
      "Bedrock needs an API key or the credentials aws_access_key_id and aws_secret_access_key.",
    ],
    [bedrock({ api_key: GOOD_KEY, credentials: {} }), "Bedrock needs the credential aws_region (AWS region)."],
    [
      bedrock({ credentials: { ...accessKeys, aws_region: "evil.example/x" } }),
      "Credential aws_region (AWS region) must look like us-east-1.",
    ],
    [bedrock({ credentials: { ...accessKeys, foo: "x" } }), "Unknown credential for Bedrock: foo."],
    [
      {
        llm_factory: "OpenAI",
        llm_name: "gpt-4o",
        model_type: "chat",
        api_key: GOOD_KEY,
        credentials: { aws_region: "x" },
      },
      "OpenAI takes no credentials besides the API key (got aws_region).",
    ],
    [
      { llm_factory: "VertexAI", llm_name: "g", model_type: "chat", credentials: { google_project_id: "buddy-test" } },
      "VertexAI needs the credential google_service_account_key",
    ],
    [
      {
        llm_factory: "VertexAI",
        llm_name: "g",
        model_type: "chat",
        credentials: { google_project_id: "buddy-test", google_service_account_key: "{}" },
      },
      "must be a service account key in JSON",
    ],
    [bedrock({ credentials: { aws_region: 5 } }), "Credential values must be strings"],
    [bedrock({ credentials: "aws" }), "`credentials` must be an object of strings"],
    [bedrock({ credentials: { ...accessKeys, aws_session_token: "x".repeat(20_001) } }), "at most 20000 characters"],
  ])("refuses %j", async (json, message) => {
    const user = await createUser();
    for (const path of ["/providers/models", "/providers/test"]) {
      const res = await callApi(path, { token: user.token, json });
      expect(res.body).toMatchObject({ code: 102, message: expect.stringContaining(message) });
    }
    expect((await callApi<ModelList>("/models", { token: user.token })).body.data.providers.map((p) => p.name)).toEqual(
      ["Builtin"],
    );
  });

  it("the service checks the credentials again when the contract is bypassed", async () => {
    const input = {
      llm_factory: "Bedrock",
      llm_name: "m",
      model_type: "chat" as const,
      api_key: GOOD_KEY,
      max_tokens: 8192,
      vision: false,
      verify: false,
      credentials: {},
    };
    await expect(testModel(deps(), input)).rejects.toThrow("Bedrock needs the credential aws_region (AWS region).");
  });
});
