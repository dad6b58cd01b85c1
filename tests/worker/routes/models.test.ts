import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ListedModel } from "../../../worker/contract/models";
import { createDb } from "../../../worker/db/client";
import { readConfig } from "../../../worker/lib/config";
import { findProvider } from "../../../worker/platform/providers/catalogue";
import type { Deps } from "../../../worker/services/context";
import { testModel } from "../../../worker/services/models/connection";
import { resolveChat } from "../../../worker/services/models/resolve";
import { AWS_TEST_KEYS, GOOD_KEY } from "../../helpers/shared/model-key";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";
import { addInstance, addLocalModel, LOCAL_PROVIDER } from "../../helpers/worker/models";

type Available = {
  name: string;
  keyless: boolean;
  base_template: string;
  credentials: { key: string; secret: boolean; required: boolean; or_api_key: boolean; json: boolean }[];
};

const models = async (user: TestUser) => (await callApi<ListedModel[]>("/models", { token: user.token })).body.data;
const configured = async (user: TestUser) => (await models(user)).filter((model) => !model.builtin);

const setDefault = (user: TestUser, json: Record<string, unknown>) =>
  callApi<Record<string, string>>("/models/default", { method: "PATCH", token: user.token, json });

const connection = (user: TestUser, provider: string, json: Record<string, unknown>) =>
  callApi<{ model_name: string; model_type: string; detail: string }[]>(
    `/providers/${encodeURIComponent(provider)}/connection`,
    { token: user.token, json },
  );

describe("the team's models", () => {
  it("lists the built-in models with RAGFlow v0.27's keys, and the providers that can be added, OpenAI first", async () => {
    const user = await createUser();
    const listed = await models(user);
    expect(listed.map((m) => m.model_id)).toEqual([
      "builtin-hash@Builtin",
      "builtin-extractive@Builtin",
      "builtin-rerank@Builtin",
    ]);
    // RAGFlow's is_tools: no built-in model calls tools
    expect(listed.map((m) => m.is_tools)).toEqual([false, false, false]);
    expect(listed[0]).toMatchObject({
      name: "builtin-hash",
      model_type: ["embedding"],
      provider_name: "Builtin",
      model_provider: "Builtin",
      instance_name: "default",
      model_instance: "default",
      status: "active",
    });
    const available = await callApi<Available[]>("/providers?available=true", { token: user.token });
    expect(available.body.data.slice(0, 5).map((p) => p.name)).toEqual([
      "OpenAI",
      "Moonshot",
      "ZHIPU-AI",
      "Ollama",
      "Xinference",
    ]);
    const info = await callApi<Record<string, string>>("/users/me/models", { token: user.token });
    expect(info.body.data).toMatchObject({
      tenant_id: user.id,
      llm_id: "builtin-extractive@Builtin",
      embd_id: "builtin-hash@Builtin",
    });
  });

  it("adds an instance offline, stores the key sealed and lists only a hint", async () => {
    const user = await createUser();
    // no server answers at this address: adding does not call the provider
    const res = await addInstance(user, {
      instance: "CI",
      base_url: "http://127.0.0.1:9/v1",
      models: [["chat-model", "chat"]],
    });
    expect(res.body).toMatchObject({ code: 0, data: true });
    expect(await configured(user)).toEqual([
      expect.objectContaining({
        model_id: "chat-model@CI@OpenAI-API-Compatible",
        name: "chat-model",
        model_type: ["chat"],
        model_provider: LOCAL_PROVIDER,
        provider_name: LOCAL_PROVIDER,
        model_instance: "CI",
        instance_name: "CI",
        api_key_hint: "sk-…-key",
        status: "active",
        // an OpenAI-compatible chat model goes through the adapter that calls tools
        is_tools: true,
      }),
    ]);
    const stored = await env.DB.prepare(
      "SELECT m.api_key_sealed AS model, i.api_key_sealed AS instance FROM tenant_models m JOIN model_instances i ON i.tenant_id = m.tenant_id WHERE m.tenant_id = ?",
    )
      .bind(user.id)
      .first<{ model: string; instance: string }>();
    for (const sealed of [stored?.model, stored?.instance]) {
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain(GOOD_KEY);
    }
  });

  it("adds every catalogue model of a provider when model_info is left out", async () => {
    const user = await createUser();
    await callApi("/providers", { method: "PUT", token: user.token, json: { provider_name: "ZHIPU-AI" } });
    const res = await callApi("/providers/ZHIPU-AI/instances", {
      token: user.token,
      json: { instance_name: "CI", api_key: "dummy", region: "default", base_url: "" },
    });
    expect(res.body.code).toBe(0);
    const zhipu = (await configured(user)).filter((m) => m.provider_name === "ZHIPU-AI");
    expect(zhipu.map((m) => m.model_id)).toContain("glm-4-flash@CI@ZHIPU-AI");
    expect(zhipu.map((m) => m.name).toSorted()).toEqual(Object.keys(findProvider("ZHIPU-AI")?.models ?? {}).toSorted());
    expect((await callApi<ListedModel[]>("/models?type=image2text", { token: user.token })).body.data).toEqual([
      expect.objectContaining({ name: "glm-4v", model_type: ["image2text"] }),
    ]);
    expect((await callApi<ListedModel[]>("/models?type=vision", { token: user.token })).body.data).toHaveLength(1);
  });

  it.each([
    [{ provider: "OpenAI", models: [["gpt-4o", "chat"]], api_key: "" }, "API key is required"],
    [{ models: [["chat-model", "nope"]] }, "model_type must be one of"],
    [{ instance: "default" }, "Instance name cannot be 'default'"],
    [{ provider: "OpenAI", models: [["not-a-model", "chat"]] }, "OpenAI does not offer chat model not-a-model"],
    [{ base_url: "kein-url" }, "base_url must be a URL"],
    [
      {
        models: [
          ["chat-model", "chat"],
          ["chat-model", "chat"],
        ],
      },
      "Model 'chat-model' is listed twice",
    ],
  ])("refuses the instance %j and saves nothing", async (options, message) => {
    const user = await createUser();
    const res = await addInstance(user, options as Parameters<typeof addInstance>[1]);
    expect(res.body.code).not.toBe(0);
    expect(res.body.message).toContain(message);
    expect(await configured(user)).toEqual([]);
    const instances = await env.DB.prepare("SELECT count(*) AS n FROM model_instances WHERE tenant_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(instances?.n).toBe(0);
  });

  it("sets one type's default with RAGFlow v0.27's body, by model_id, and clears it", async () => {
    const user = await createUser();
    await addInstance(user, { instance: "CI", models: [["chat-model", "chat"]] });
    const set = await setDefault(user, {
      model_provider: LOCAL_PROVIDER,
      model_instance: "CI",
      model_type: "chat",
      model_name: "chat-model",
    });
    expect(set.body).toMatchObject({ code: 0, data: { llm_id: "chat-model@CI@OpenAI-API-Compatible" } });
    const info = await callApi<Record<string, string>>("/users/me/models", { token: user.token });
    expect(info.body.data.llm_id).toBe("chat-model@CI@OpenAI-API-Compatible");
    const listed = await callApi<{ models: Record<string, unknown>[] }>("/models/default", { token: user.token });
    expect(listed.body.data.models).toContainEqual({
      model_id: "chat-model@CI@OpenAI-API-Compatible",
      model_provider: LOCAL_PROVIDER,
      model_instance: "CI",
      model_name: "chat-model",
      model_type: "chat",
      enable: true,
    });
    // the built-in embedding RAGFlow's suites pick
    const builtin = await setDefault(user, {
      model_provider: "Builtin",
      model_instance: "Local",
      model_type: "embedding",
      model_name: "BAAI/bge-small-en-v1.5",
    });
    expect(builtin.body.data.embd_id).toBe("BAAI/bge-small-en-v1.5@Builtin");
    // "name@provider" finds the model in whichever instance holds it
    const byId = await setDefault(user, { model_type: "chat", model_id: "chat-model@OpenAI-API-Compatible" });
    expect(byId.body.data.llm_id).toBe("chat-model@CI@OpenAI-API-Compatible");
    const cleared = await setDefault(user, { model_type: "chat" });
    expect(cleared.body.data.llm_id).toBe("builtin-extractive@Builtin");
  });

  it.each([
    [{}, 101, "model_type is required"],
    [{ model_type: "ocr" }, 101, "model_type must be one of"],
    [
      { model_type: "embedding", model_provider: LOCAL_PROVIDER, model_instance: "CI", model_name: "chat-model" },
      102,
      "Model 'chat-model' isn't a embedding model",
    ],
    [
      { model_type: "chat", model_provider: LOCAL_PROVIDER, model_instance: "CI", model_name: "other" },
      102,
      "Model 'other' not found for provider 'OpenAI-API-Compatible' and instance 'CI'",
    ],
    [
      { model_type: "chat", model_provider: LOCAL_PROVIDER, model_instance: "X", model_name: "chat-model" },
      102,
      "Instance 'X' not found for provider 'OpenAI-API-Compatible'",
    ],
    [
      { model_type: "chat", model_provider: "OpenAI", model_instance: "CI", model_name: "gpt-4o" },
      102,
      "Provider 'OpenAI' not found",
    ],
    [{ model_type: "chat", model_provider: LOCAL_PROVIDER }, 102, "are required together"],
    [
      { model_type: "chat", model_provider: "Builtin", model_instance: "Local", model_name: "builtin-hash" },
      102,
      "Model 'builtin-hash' isn't a chat model",
    ],
  ])("refuses the default %j", async (json, code, message) => {
    const user = await createUser();
    await addInstance(user, { instance: "CI", models: [["chat-model", "chat"]] });
    const before = (await callApi("/users/me/models", { token: user.token })).body.data;
    const res = await setDefault(user, json);
    expect(res.body).toMatchObject({ code, message: expect.stringContaining(message) });
    expect((await callApi("/users/me/models", { token: user.token })).body.data).toEqual(before);
  });

  it("another team's model cannot become a default", async () => {
    const owner = await createUser();
    await addInstance(owner, { instance: "CI", models: [["chat-model", "chat"]] });
    const stranger = await createUser();
    const res = await setDefault(stranger, {
      model_type: "chat",
      model_provider: LOCAL_PROVIDER,
      model_instance: "CI",
      model_name: "chat-model",
    });
    expect(res.body).toMatchObject({ code: 102, message: "Provider 'OpenAI-API-Compatible' not found" });
    const byId = await setDefault(stranger, { model_type: "chat", model_id: "chat-model@CI@OpenAI-API-Compatible" });
    expect(byId.body.code).toBe(102);
  });

  it("a configured embedding model indexes and retrieves a dataset; other teams may not use it", async () => {
    const user = await createUser();
    await addLocalModel(user, "embed-model", "embedding");
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
      message: "Provider OpenAI-API-Compatible not found for model embed-model@OpenAI-API-Compatible.",
    });
  });

  it("an inactive model cannot be used until it is active again", async () => {
    const user = await createUser();
    await addLocalModel(user, "embed-model", "embedding");
    const status = (token: string, value: string) =>
      callApi(`/providers/${LOCAL_PROVIDER}/instances/main/models/embed-model`, {
        method: "PATCH",
        token,
        json: { status: value },
      });
    expect((await status(user.token, "inactive")).body.data).toBe(true);
    expect((await configured(user))[0]?.status).toBe("inactive");
    const refused = await callApi("/datasets", {
      token: user.token,
      json: { name: "x", embedding_model: "embed-model@OpenAI-API-Compatible" },
    });
    expect(refused.body).toMatchObject({
      code: 102,
      message: "Provider OpenAI-API-Compatible not found for model embed-model@OpenAI-API-Compatible.",
    });
    await status(user.token, "active");
    const accepted = await callApi("/datasets", {
      token: user.token,
      json: { name: "x", embedding_model: "embed-model@OpenAI-API-Compatible" },
    });
    expect(accepted.body.code).toBe(0);
    const stranger = await createUser();
    expect((await status(stranger.token, "inactive")).body).toMatchObject({
      code: 102,
      message: "No provider found for provider 'OpenAI-API-Compatible'",
    });
    expect((await configured(user))[0]?.status).toBe("active");
  });
});

describe("connection tests", () => {
  it("refuses a bad key with the provider's explanation and saves nothing", async () => {
    const user = await createUser();
    const res = await connection(user, LOCAL_PROVIDER, {
      api_key: "sk-wrong",
      base_url: env.TEST_OPENAI_URL,
      model_info: [{ model_name: "chat-model", model_type: ["chat"] }],
    });
    expect(res.body).toMatchObject({
      code: 102,
      message: expect.stringContaining("Connection test failed: Invalid API key (401)"),
    });
    expect(await configured(user)).toEqual([]);
  });

  it.each([
    ["rerank", "rerank-model", "scores 1.00, 0.00"],
    ["image2text", "vision-model", "Bild (data:image/png): ein Impfpass"],
    ["speech2text", "whisper-1", 'transcript: "Transkript von probe.wav'],
    ["tts", "tts-1", "bytes of audio/mpeg"],
  ])("tests a %s model with a real call", async (type, name, detail) => {
    const user = await createUser();
    const res = await connection(user, LOCAL_PROVIDER, {
      api_key: GOOD_KEY,
      base_url: env.TEST_OPENAI_URL,
      model_info: [{ model_name: name, model_type: type }],
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data[0]?.detail).toContain(detail);
  });

  it.each([
    [LOCAL_PROVIDER, {}, "model_info is required: OpenAI-API-Compatible serves any model name."],
    ["Nope", { model_info: [] }, "Provider 'Nope' is not allowed"],
    [LOCAL_PROVIDER, { model_info: "chat" }, "Input should be a valid list"],
  ])("refuses a connection test of %s with %j", async (provider, json, message) => {
    const user = await createUser();
    const res = await connection(user, provider, { api_key: GOOD_KEY, base_url: env.TEST_OPENAI_URL, ...json });
    expect(res.body.code).not.toBe(0);
    expect(res.body.message).toContain(message);
  });

  it("adds Workers AI models without a key or URL and reports binding failures plainly", async () => {
    const user = await createUser();
    const added = await addInstance(user, {
      provider: "Workers AI",
      api_key: "",
      base_url: "",
      models: [
        ["@cf/meta/llama-3.1-8b-instruct", "chat"],
        ["@cf/openai/gpt-oss-120b", "chat"],
        ["@cf/baai/bge-m3", "embedding"],
      ],
    });
    expect(added.body.code).toBe(0);
    // only the models Cloudflare marks for function calling say is_tools
    expect(Object.fromEntries((await configured(user)).map((model) => [model.model_id, model.is_tools]))).toEqual({
      "@cf/meta/llama-3.1-8b-instruct@main@Workers AI": false,
      "@cf/openai/gpt-oss-120b@main@Workers AI": true,
      "@cf/baai/bge-m3@main@Workers AI": false,
    });
    const broken = await connection(user, "Workers AI", {
      model_info: [{ model_name: "@cf/test/broken", model_type: "chat" }],
    });
    expect(broken.body).toMatchObject({
      code: 102,
      message: expect.stringContaining("Connection test failed: Workers AI failed"),
    });
  });
});

describe("model types beyond chat and embeddings", () => {
  it("a configured rerank model replaces the vector part of the score in retrieval", async () => {
    const user = await createUser();
    await addLocalModel(user, "rerank-model", "rerank");
    const ds = await createDataset(user);
    await ingest(user, ds.id, [
      textFile("a.txt", "Grippe kommt im Winter."),
      textFile("b.txt", "Die Grippe Impfung schützt im Winter vor Grippe."),
    ]);
    const search = (token: string, rerank_id?: string) =>
      callApi<{ chunks: { document_keyword: string; vector_similarity: number }[] }>("/retrieval", {
        token,
        json: {
          question: "grippe impfung",
          dataset_ids: [ds.id],
          vector_similarity_weight: 0.5,
          similarity_threshold: 0,
          rerank_id,
        },
      });
    const reranked = await search(user.token, "rerank-model@main@OpenAI-API-Compatible");
    expect(reranked.body.data.chunks.map((c) => [c.document_keyword, c.vector_similarity])).toEqual([
      ["b.txt", 1],
      ["a.txt", 0.5],
    ]);
    const stranger = await createUser();
    expect((await search(stranger.token, "rerank-model@OpenAI-API-Compatible")).body.code).not.toBe(0);
  });

  it("parses an image with the team's image-to-text model, and explains when there is none", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const png = () =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "pass.png", { type: "image/png" });
    // without one the parse request is refused (tests/worker/ingestion/required-models.test.ts)
    const without = await ingest(user, ds.id, [png()]);
    expect(without["pass.png"]).toMatchObject({ run: "UNSTART" });
    const id = await addLocalModel(user, "vision-model", "image2text");
    expect((await setDefault(user, { model_type: "vision", model_id: id })).body.code).toBe(0);
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
    api_key: "",
    base_url: `${env.TEST_CLOUD_API_URL}/openai/v1`,
    credentials: accessKeys,
    ...json,
  });
  const BEDROCK_MODEL = [{ model_name: "openai.gpt-oss-20b-1:0", model_type: ["chat"] }];
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
  const createBedrock = async (user: TestUser, json: Record<string, unknown>) => {
    await callApi("/providers", { method: "PUT", token: user.token, json: { provider_name: "Bedrock" } });
    return callApi("/providers/Bedrock/instances", {
      token: user.token,
      json: { instance_name: "aws", model_info: BEDROCK_MODEL, ...json },
    });
  };

  it("lists each provider's credential fields so the settings page can ask for them", async () => {
    const user = await createUser();
    const available = (await callApi<Available[]>("/providers?available=true", { token: user.token })).body.data;
    const fields = (name: string) => available.find((p) => p.name === name)?.credentials.map((field) => field.key);
    expect(fields("Bedrock")).toEqual([
      "aws_access_key_id",
      "aws_secret_access_key",
      "aws_session_token",
      "aws_region",
    ]);
    expect(fields("VertexAI")).toEqual(["google_project_id", "google_region", "google_service_account_key"]);
    expect(fields("Azure-OpenAI")).toEqual(["api_version"]);
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

  it("adds a Bedrock instance with access keys: sealed in D1, listed by key only, used with a signed call", async () => {
    const user = await createUser();
    const res = await createBedrock(user, bedrock());
    expect(res.body.code).toBe(0);
    const [model] = await configured(user);
    expect(model).toMatchObject({ api_key_hint: null, model_id: "openai.gpt-oss-20b-1:0@aws@Bedrock" });
    expect(model?.credentials_set).toEqual([
      { key: "aws_access_key_id", hint: null },
      { key: "aws_secret_access_key", hint: null },
      { key: "aws_region", hint: "eu-…al-1" },
    ]);
    const listing = JSON.stringify((await callApi("/models", { token: user.token })).body);
    const instance = JSON.stringify((await callApi("/providers/Bedrock/instances/aws", { token: user.token })).body);
    for (const shown of [listing, instance]) {
      expect(shown).not.toContain(AWS_TEST_KEYS.secretAccessKey);
      expect(shown).not.toContain(AWS_TEST_KEYS.accessKeyId);
    }
    const stored = await env.DB.prepare(
      "SELECT credentials_sealed, credential_hints FROM tenant_models WHERE tenant_id = ?",
    )
      .bind(user.id)
      .first<{ credentials_sealed: string; credential_hints: string }>();
    expect(stored?.credentials_sealed).toMatch(/^v1:[0-9a-f]+:[0-9a-f]+$/);
    for (const column of [stored?.credentials_sealed, stored?.credential_hints]) {
      expect(column).not.toContain(AWS_TEST_KEYS.secretAccessKey);
      expect(column).not.toContain("eu-central-1");
    }
    const chat = await resolveChat(deps(), user.id, "openai.gpt-oss-20b-1:0@aws@Bedrock");
    expect((await chat.complete([{ role: "user", content: "Hallo" }])).text).toBe(
      "Bedrock (SigV4, eu-central-1) openai.gpt-oss-20b-1:0: Hallo",
    );
  });

  it("tests Vertex AI with a service account key and Azure with api-version and api-key", async () => {
    const user = await createUser();
    const vertex = await connection(user, "VertexAI", {
      base_url: `${env.TEST_CLOUD_API_URL}/v1/projects/buddy-test/locations/europe-west3/endpoints/openapi`,
      credentials: {
        google_project_id: "buddy-test",
        google_region: "europe-west3",
        google_service_account_key: serviceAccount,
      },
      model_info: [{ model_name: "google/gemini-2.5-flash", model_type: "chat" }],
    });
    expect(vertex.body.code).toBe(0);
    expect(vertex.body.data[0]?.detail).toContain("Vertex buddy-test/europe-west3 google/gemini-2.5-flash");
    const azure = await connection(user, "Azure-OpenAI", {
      base_url: env.TEST_CLOUD_API_URL,
      api_key: GOOD_KEY,
      model_info: [{ model_name: "my-gpt4o", model_type: "chat" }],
    });
    expect(azure.body.data[0]?.detail).toContain("Azure my-gpt4o (api-version 2024-10-21)");
  });

  it.each([
    [
      bedrock({ credentials: { aws_region: "eu-central-1" } }),
      "Bedrock needs an API key or the credentials aws_access_key_id and aws_secret_access_key.",
    ],
    [bedrock({ api_key: GOOD_KEY, credentials: {} }), "Bedrock needs the credential aws_region (AWS region)."],
    [
      bedrock({ credentials: { ...accessKeys, aws_region: "evil.example/x" } }),
      "Credential aws_region (AWS region) must look like us-east-1.",
    ],
    [bedrock({ credentials: { ...accessKeys, foo: "x" } }), "Unknown credential for Bedrock: foo."],
    [bedrock({ credentials: { aws_region: 5 } }), "Credential values must be strings"],
    [bedrock({ credentials: "aws" }), "`credentials` must be an object of strings"],
    [bedrock({ credentials: { ...accessKeys, aws_session_token: "x".repeat(20_001) } }), "at most 20000 characters"],
  ])("refuses credentials when adding and when testing (case %#)", async (json, message) => {
    const user = await createUser();
    const added = await createBedrock(user, json);
    expect(added.body).toMatchObject({ message: expect.stringContaining(message) });
    expect(added.body.code).not.toBe(0);
    const tested = await connection(user, "Bedrock", { ...json, model_info: BEDROCK_MODEL });
    expect(tested.body).toMatchObject({ message: expect.stringContaining(message) });
    expect(await configured(user)).toEqual([]);
  });

  it("the service checks the credentials again when the contract is bypassed", async () => {
    const entry = findProvider("Bedrock");
    if (!entry) throw new Error("catalogue");
    await expect(
      testModel(deps(), entry, { api_key: GOOD_KEY, base_url: "", credentials: {} }, "m", "chat"),
    ).rejects.toThrow("Bedrock needs the credential aws_region (AWS region).");
  });
});
