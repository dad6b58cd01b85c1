import { describe, expect, it } from "vitest";
import { type Chat, DEFAULT_LLM_SETTING, effectiveLlmSetting } from "../../../worker/contract/chats";
import { callApi } from "../../helpers/worker/api";
import { createChat } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, listDocs, textFile } from "../../helpers/worker/factories";

const METHOD_NOT_ALLOWED = { code: 100, message: "<MethodNotAllowed '405: Method Not Allowed'>" };

describe("RAGFlow v0.27 support routes", () => {
  it("lists no plugin tools and stores no Langfuse keys, for signed-in callers only", async () => {
    const user = await createUser();
    expect((await callApi("/plugin/tools")).status).toBe(401);
    expect((await callApi("/plugin/tools", { token: user.token })).body).toMatchObject({ code: 0, data: [] });
    expect((await callApi("/langfuse/api-key", { method: "DELETE" })).body.code).toBe(401);
    const read = await callApi("/langfuse/api-key", { token: user.token });
    expect(read.body).toMatchObject({ code: 0, message: "Have not record any Langfuse keys." });
    const store = (json: unknown) => callApi("/langfuse/api-key", { token: user.token, method: "PUT", json });
    expect((await store({ public_key: "p", host: "h" })).body).toMatchObject({
      code: 101,
      message: "required argument are missing: secret_key; ",
    });
    expect((await store({ secret_key: "", public_key: "p", host: "h" })).body).toMatchObject({
      code: 102,
      message: "Missing required fields",
    });
    const full = await store({ secret_key: "s", public_key: "p", host: "https://cloud.langfuse.com" });
    expect(full.body).toMatchObject({ code: 102, message: expect.stringContaining("not supported") });
  });

  it("reports OceanBase as not in use and refuses log levels it cannot set", async () => {
    const user = await createUser();
    expect((await callApi("/system/oceanbase/status")).status).toBe(401);
    expect((await callApi("/system/oceanbase/status", { token: user.token })).body).toMatchObject({
      code: 500,
      data: { status: "error" },
    });
    expect((await callApi("/system/config/log", { token: user.token })).body).toMatchObject({ code: 0, data: {} });
    const put = (json: unknown) => callApi("/system/config/log", { token: user.token, method: "PUT", json });
    expect((await put({})).body).toMatchObject({ code: 102, message: "pkg_name and level are required" });
    expect((await put({ pkg_name: "rag", level: "LOUD" })).body).toMatchObject({
      code: 102,
      message: "Invalid log level: LOUD",
    });
    expect((await put({ pkg_name: "rag", level: "debug" })).body.code).toBe(102);
    expect((await callApi("/system/ping")).body).toBe("pong");
  });

  it("checks the database test's arguments and says which databases ExeSQL reads", async () => {
    const user = await createUser();
    const test = (json: unknown) => callApi("/agents/test_db_connection", { token: user.token, json });
    expect((await test({ db_type: "mysql" })).body).toMatchObject({
      code: 101,
      message: expect.stringContaining("required argument are missing: database,username,host,port,password"),
    });
    const full = { db_type: "mysql", database: "d", username: "u", host: "db.example", port: 3306, password: "p" };
    expect((await test(full)).body).toMatchObject({ code: 102, message: expect.stringContaining("mysql") });
  });

  it("re-runs a file log's document and refuses unknown logs", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    await ingest(user, ds.id, [textFile("a.txt", "Ein kurzer Text über Bienen.")]);
    const logs = await callApi<{ logs: { id: string }[] }>(`/datasets/${ds.id}/ingestions?log_type=file`, {
      token: user.token,
    });
    const logId = logs.body.data.logs[0]?.id as string;
    const rerun = (json: unknown, token = user.token) => callApi("/agents/rerun", { token, json });
    expect((await rerun({ id: logId })).body).toMatchObject({
      code: 101,
      message: "required argument are missing: dsl,component_id; ",
    });
    const stranger = await createUser();
    expect((await rerun({ id: logId, dsl: {}, component_id: "File" }, stranger.token)).body).toMatchObject({
      code: 102,
      message: "Document not found.",
    });
    expect((await rerun({ id: logId, dsl: {}, component_id: "File" })).body).toMatchObject({ code: 0, data: true });
    expect((await listDocs(user, ds.id))[0]?.run).toBe("RUNNING");
  });

  it("refuses an agent without DSL or title and a completion without messages with 101", async () => {
    const user = await createUser();
    expect((await callApi("/agents", { token: user.token, json: { title: "x" } })).body).toMatchObject({
      code: 101,
      message: "No DSL data in request.",
    });
    const chat = await createChat(user, {});
    const res = await callApi("/chat/completions", { token: user.token, json: { chat_id: chat.id, stream: false } });
    expect(res.body).toMatchObject({ code: 101, message: "required argument are missing: messages" });
    const sessionOnly = await callApi("/chat/completions", {
      token: user.token,
      json: { session_id: "s", messages: [{ role: "user", content: "Hallo" }], stream: false },
    });
    expect(sessionOnly.body).toMatchObject({
      code: 102,
      message: "`chat_id` is required when `session_id` is provided.",
    });
  });

  it("merges repeated slashes and answers a known path under another method with RAGFlow's 405 line", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const merged = await callApi(`/datasets//${ds.id}//documents`, { token: user.token });
    expect(merged.body).toMatchObject({ code: 0, data: { total: 0 } });
    const parse = await callApi("/datasets//documents/parse", { token: user.token, json: { document_ids: [] } });
    expect(parse.body).toMatchObject(METHOD_NOT_ALLOWED);
    const chat = await createChat(user, {});
    const patch = await callApi(`/chats/${chat.id}/sessions/`, { token: user.token, method: "PATCH", json: {} });
    expect(patch.body).toMatchObject(METHOD_NOT_ALLOWED);
    expect((await callApi("/no-such-thing", { token: user.token, json: {} })).status).toBe(404);
  });
});

describe("RAGFlow v0.27 graph methods", () => {
  it("takes graphrag method ner and names it among the allowed ones", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { graphrag: { method: "ner" } } });
    expect(ds.parser_config).toMatchObject({ graphrag: { method: "ner" } });
    const bad = await callApi("/datasets", {
      token: user.token,
      json: { name: "x", parser_config: { graphrag: { method: "unknown" } } },
    });
    expect(bad.body).toMatchObject({ code: 101, message: expect.stringContaining("'light', 'general' or 'ner'") });
  });
});

describe("RAGFlow v0.27 llm_setting", () => {
  it("keeps an assistant's llm_setting as sent, merges a patch key by key and names its model twice", async () => {
    const user = await createUser();
    const chat = await createChat(user, { llm_setting: { max_token: 1024 } });
    expect(chat.llm_setting).toEqual({ max_token: 1024 });
    expect(chat.tenant_llm_id).toBe(chat.llm_id);
    const patched = await callApi<Chat>(`/chats/${chat.id}`, {
      token: user.token,
      method: "PATCH",
      json: { llm_setting: { temperature: "a", unknown: "unknown" } },
    });
    expect(patched.body.data.llm_setting).toEqual({ max_token: 1024, temperature: "a", unknown: "unknown" });
    const bad = await callApi(`/chats/${chat.id}`, { token: user.token, method: "PATCH", json: { llm_setting: [] } });
    expect(bad.body).toMatchObject({
      code: 102,
      message: expect.stringContaining("`llm_setting` should be an object."),
    });
  });

  it("answers with the usable values only: max_token for max_tokens, defaults for the rest", () => {
    expect(effectiveLlmSetting({ max_token: 1024, temperature: "a", top_p: 10, presence_penalty: 1 })).toEqual({
      ...DEFAULT_LLM_SETTING,
      max_tokens: 1024,
      presence_penalty: 1,
    });
    expect(effectiveLlmSetting({ max_token: 5, max_tokens: 300 }).max_tokens).toBe(300);
    expect(effectiveLlmSetting({ max_token: -1 }).max_tokens).toBe(DEFAULT_LLM_SETTING.max_tokens);
  });
});
