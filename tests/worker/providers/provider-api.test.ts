import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ListedModel } from "../../../worker/contract/models";
import { GOOD_KEY } from "../../helpers/shared/model-key";
import { callApi } from "../../helpers/worker/api";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { addInstance, LOCAL_PROVIDER } from "../../helpers/worker/models";

const P = `/providers/${LOCAL_PROVIDER}`;

const get = <T>(user: TestUser, path: string) => callApi<T>(path, { token: user.token });
const send = <T = unknown>(user: TestUser, method: string, path: string, json?: unknown) =>
  callApi<T>(path, { method, token: user.token, json });
const configured = async (user: TestUser) =>
  (await get<ListedModel[]>(user, "/models")).body.data.filter((model) => !model.builtin);
const rowCount = async (table: string, tenantId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?`).bind(tenantId).first<{ n: number }>())
    ?.n;

// an owner with the local provider, instance "main" holding chat-model and embed-model
const ownerWithInstance = async () => {
  const owner = await createUser();
  const res = await addInstance(owner, {
    models: [
      ["chat-model", "chat"],
      ["embed-model", "embedding"],
    ],
  });
  expect(res.body.code).toBe(0);
  return owner;
};

describe("providers", () => {
  it("adds a provider once, lists it with has_instance, and refuses unknown ones", async () => {
    const user = await createUser();
    expect((await send(user, "PUT", "/providers", { provider_name: "OpenAI" })).body).toMatchObject({ code: 0 });
    const again = await send(user, "PUT", "/providers", { provider_name: "OpenAI" });
    expect(again.body).toMatchObject({ code: 102, message: "Provider OpenAI already exists" });
    for (const [json, code, message] of [
      [{ provider_name: "Nope" }, 102, "Provider 'Nope' is not allowed"],
      [{ provider_name: "Builtin" }, 102, "Provider 'Builtin' is not allowed"],
      [{}, 101, "provider_name is required"],
      [{ provider_name: 5 }, 101, "provider_name must be a string"],
      [[], 101, "The request body must be a JSON object."],
    ] as const) {
      expect((await send(user, "PUT", "/providers", json)).body).toMatchObject({ code, message });
    }
    const listed = await get<{ name: string; has_instance: boolean; url: { default: string } }[]>(user, "/providers");
    expect(listed.body.data).toEqual([
      expect.objectContaining({ name: "OpenAI", has_instance: false, url: { default: "https://api.openai.com/v1" } }),
    ]);
    await send(user, "POST", "/providers/OpenAI/instances", { instance_name: "leer" });
    expect((await get<{ has_instance: boolean }[]>(user, "/providers")).body.data[0]?.has_instance).toBe(true);
  });

  it("shows the catalogue's provider and models, model names with slashes included", async () => {
    const user = await createUser();
    expect((await get(user, "/providers/SILICONFLOW")).body.data).toMatchObject({
      name: "SILICONFLOW",
      base_url: { default: "https://api.siliconflow.cn/v1" },
      total_models: 5,
    });
    const models = await get<{ name: string; model_types: string[] }[]>(user, "/providers/SILICONFLOW/models");
    expect(models.body.data).toContainEqual(
      expect.objectContaining({ name: "BAAI/bge-reranker-v2-m3", model_types: ["rerank"] }),
    );
    expect((await get(user, "/providers/SILICONFLOW/models/BAAI/bge-m3")).body.data).toMatchObject({
      name: "BAAI/bge-m3",
      model_types: ["embedding"],
      model_type_map: { embedding: true },
    });
    expect((await get(user, "/providers/SILICONFLOW/models/BAAI/nope")).body).toMatchObject({
      code: 102,
      message: "Model 'BAAI/nope' not found",
    });
    expect((await get(user, "/providers/Nope")).body).toMatchObject({
      code: 102,
      message: "Provider 'Nope' not found",
    });
  });

  it("deleting a provider removes its instances and models, in the caller's team only", async () => {
    const owner = await ownerWithInstance();
    const stranger = await createUser();
    expect((await send(stranger, "DELETE", P)).body).toMatchObject({
      code: 102,
      message: "Provider OpenAI-API-Compatible not found",
    });
    expect(await configured(owner)).toHaveLength(2);
    expect((await send(owner, "DELETE", P)).body).toMatchObject({ code: 0, data: true });
    expect(await configured(owner)).toEqual([]);
    expect(await rowCount("model_instances", owner.id)).toBe(0);
    expect(await rowCount("model_providers", owner.id)).toBe(0);
  });
});

describe("instances", () => {
  it("refuses an instance of a provider not added, and a second instance of the same name", async () => {
    const user = await createUser();
    const missing = await send(user, "POST", `${P}/instances`, { instance_name: "main", api_key: GOOD_KEY });
    expect(missing.body).toMatchObject({ code: 102, message: "Provider 'OpenAI-API-Compatible' does not exist" });
    const owner = await ownerWithInstance();
    const twice = await addInstance(owner, { models: [["other-model", "chat"]] });
    expect(twice.body).toMatchObject({ code: 102, message: expect.stringContaining("Already exist instance 'main'") });
    expect((await send(owner, "POST", `${P}/instances`, {})).body).toMatchObject({
      code: 101,
      message: "instance_name is required",
    });
    expect(await configured(owner)).toHaveLength(2);
  });

  it("a model name lives in one instance of a provider only", async () => {
    const owner = await ownerWithInstance();
    const res = await addInstance(owner, { instance: "zweite", models: [["chat-model", "chat"]] });
    expect(res.body).toMatchObject({
      code: 102,
      message: "Model 'chat-model' already exists for provider 'OpenAI-API-Compatible' and instance 'main'",
    });
    expect(await rowCount("model_instances", owner.id)).toBe(1);
  });

  it("lists and shows instances with the key as a hint only; strangers find none", async () => {
    const owner = await ownerWithInstance();
    const list = await get<{ id: string; instance_name: string; provider_id: string }[]>(owner, `${P}/instances`);
    expect(list.body.data).toEqual([expect.objectContaining({ instance_name: "main", status: "active", region: "" })]);
    const id = list.body.data[0]?.id ?? "";
    for (const ref of ["main", id]) {
      const shown = await get<Record<string, unknown>>(owner, `${P}/instances/${ref}`);
      expect(shown.body.data).toMatchObject({
        id,
        instance_name: "main",
        api_key: "sk-…-key",
        base_url: env.TEST_OPENAI_URL,
      });
      expect(JSON.stringify(shown.body)).not.toContain(GOOD_KEY);
    }
    const stranger = await createUser();
    expect((await get(stranger, `${P}/instances`)).body).toMatchObject({
      code: 102,
      message: "No provider found for provider 'OpenAI-API-Compatible'",
    });
    await send(stranger, "PUT", "/providers", { provider_name: LOCAL_PROVIDER });
    expect((await get(stranger, `${P}/instances/${id}`)).body).toMatchObject({
      code: 102,
      message: `No instance found for provider 'OpenAI-API-Compatible' and instance '${id}'`,
    });
  });

  it("updating an instance renames it, re-keys its models and replaces them when model_info is given", async () => {
    const owner = await ownerWithInstance();
    const update = (json: Record<string, unknown>) =>
      send(owner, "PUT", `${P}/instances/main`, {
        instance_name: "haupt",
        api_key: "sk-new-secret-key",
        base_url: env.TEST_OPENAI_URL,
        ...json,
      });
    expect((await update({})).body).toMatchObject({ code: 0 });
    expect((await configured(owner)).map((m) => [m.model_id, m.api_key_hint])).toEqual([
      ["chat-model@haupt@OpenAI-API-Compatible", "sk-…-key"],
      ["embed-model@haupt@OpenAI-API-Compatible", "sk-…-key"],
    ]);
    const sealed = await env.DB.prepare("SELECT DISTINCT api_key_sealed FROM tenant_models WHERE tenant_id = ?")
      .bind(owner.id)
      .all<{ api_key_sealed: string }>();
    const instance = await env.DB.prepare("SELECT api_key_sealed FROM model_instances WHERE tenant_id = ?")
      .bind(owner.id)
      .first<{ api_key_sealed: string }>();
    expect(sealed.results.map((row) => row.api_key_sealed)).toEqual([instance?.api_key_sealed]);
    const replaced = await send(owner, "PUT", `${P}/instances/haupt`, {
      instance_name: "haupt",
      api_key: GOOD_KEY,
      base_url: env.TEST_OPENAI_URL,
      model_info: [
        { model_name: "chat-model", model_type: ["chat"], max_tokens: 4096 },
        { model_name: "rerank-model", model_type: "rerank" },
      ],
    });
    expect(replaced.body.code).toBe(0);
    expect((await configured(owner)).map((m) => [m.name, m.max_tokens])).toEqual([
      ["chat-model", 4096],
      ["rerank-model", 8192],
    ]);
    for (const [json, message] of [
      [{ instance_name: "default" }, "Instance name cannot be 'default'"],
      [{ base_url: "kein-url" }, "base_url must be a URL"],
      [{ model_info: [{ model_name: "x" }] }, "model_info.0.model_type is required"],
    ] as const) {
      const res = await send(owner, "PUT", `${P}/instances/haupt`, {
        instance_name: "haupt",
        api_key: GOOD_KEY,
        ...(json as Record<string, unknown>),
      });
      expect(res.body).toMatchObject({ message: expect.stringContaining(message) });
      expect(res.body.code).not.toBe(0);
    }
    expect(await configured(owner)).toHaveLength(2);
  });

  it("drops instances with their models; a missing name drops nothing", async () => {
    const owner = await ownerWithInstance();
    await addInstance(owner, { instance: "zweite", models: [["rerank-model", "rerank"]] });
    const missing = await send(owner, "DELETE", `${P}/instances`, { instances: ["zweite", "nope"] });
    expect(missing.body).toMatchObject({
      code: 102,
      message: "No instance found for provider 'OpenAI-API-Compatible' and instance 'nope'",
    });
    expect((await send(owner, "DELETE", `${P}/instances`, { instances: [] })).body).toMatchObject({
      code: 101,
      message: "instances is required",
    });
    const stranger = await createUser();
    await send(stranger, "PUT", "/providers", { provider_name: LOCAL_PROVIDER });
    expect((await send(stranger, "DELETE", `${P}/instances`, { instances: ["zweite"] })).body.code).toBe(102);
    expect(await rowCount("model_instances", owner.id)).toBe(2);
    expect((await send(owner, "DELETE", `${P}/instances`, { instances: ["zweite"] })).body.code).toBe(0);
    expect((await configured(owner)).map((m) => m.name)).toEqual(["chat-model", "embed-model"]);
  });
});

describe("an instance's models", () => {
  it("lists, adds and deletes models; refuses duplicates, unknown names and other teams", async () => {
    const owner = await ownerWithInstance();
    const models = async () =>
      (await get<{ name: string; model_type: string[]; status: string }[]>(owner, `${P}/instances/main/models`)).body
        .data;
    expect(await models()).toEqual([
      expect.objectContaining({ name: "chat-model", model_type: ["chat"], status: "active" }),
      expect.objectContaining({ name: "embed-model", model_type: ["embedding"] }),
    ]);
    const added = await send(owner, "POST", `${P}/instances/main/models`, {
      model_name: "vision-model",
      model_type: "vision",
      extra: { vision: true },
    });
    expect(added.body.code).toBe(0);
    expect((await configured(owner)).find((m) => m.name === "vision-model")).toMatchObject({
      model_type: ["image2text"],
      vision: true,
    });
    for (const [json, code, message] of [
      [{ model_name: "chat-model", model_type: "chat" }, 102, "Model 'chat-model' already exists"],
      [{ model_type: "chat" }, 101, "model_name is required"],
      [{ model_name: "x", model_type: "chat", max_tokens: -1 }, 101, "greater than or equal to 0"],
    ] as const) {
      const res = await send(owner, "POST", `${P}/instances/main/models`, json);
      expect(res.body).toMatchObject({ code, message: expect.stringContaining(message) });
    }
    const missing = await send(owner, "DELETE", `${P}/instances/main/models`, { model_name: ["chat-model", "nope"] });
    expect(missing.body).toMatchObject({
      code: 102,
      message: "Models ['nope'] not found for provider 'OpenAI-API-Compatible' and instance 'main'",
    });
    const stranger = await createUser();
    expect((await send(stranger, "DELETE", `${P}/instances/main/models`, { model_name: "chat-model" })).body.code).toBe(
      102,
    );
    expect(
      (await send(stranger, "POST", `${P}/instances/main/models`, { model_name: "a", model_type: "chat" })).body.code,
    ).toBe(102);
    expect((await models()).map((m) => m.name)).toEqual(["chat-model", "embed-model", "vision-model"]);
    expect((await send(owner, "DELETE", `${P}/instances/main/models`, { model_name: "chat-model" })).body.code).toBe(0);
    expect((await models()).map((m) => m.name)).toEqual(["embed-model", "vision-model"]);
    const supported = await get<{ name: string }[]>(owner, "/providers/ZHIPU-AI/instances/main/models?supported=true");
    expect(supported.body.code).toBe(102);
  });

  it("alters a model's status and max tokens, and refuses empty or bad changes", async () => {
    const owner = await ownerWithInstance();
    const alter = (json: unknown, name = "chat-model") =>
      send(owner, "PATCH", `${P}/instances/main/models/${name}`, json);
    expect((await alter({ status: "inactive", max_tokens: 2048 })).body.code).toBe(0);
    expect((await configured(owner)).find((m) => m.name === "chat-model")).toMatchObject({
      status: "inactive",
      max_tokens: 2048,
    });
    for (const [json, name, code, message] of [
      [{}, "chat-model", 101, "At least one of status, max_tokens, model_type, or extra is required."],
      [{ status: "off" }, "chat-model", 101, "status must be 'active' or 'inactive'"],
      [{ status: "active" }, "nope", 102, "Model 'nope' not found for provider"],
    ] as const) {
      expect((await alter(json, name)).body).toMatchObject({ code, message: expect.stringContaining(message) });
    }
    const stranger = await createUser();
    const foreign = await send(stranger, "PATCH", `${P}/instances/main/models/chat-model`, { status: "active" });
    expect(foreign.body.code).toBe(102);
    expect((await configured(owner)).find((m) => m.name === "chat-model")?.status).toBe("inactive");
  });
});
