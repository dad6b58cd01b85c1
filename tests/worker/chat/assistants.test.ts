import { describe, expect, it } from "vitest";
import { type Chat, DEFAULT_ANSWER_THRESHOLD } from "../../../worker/contract/chats";
import { callApi } from "../../helpers/worker/api";
import { createChat, parsedDataset, useLocalChatModel } from "../../helpers/worker/chat";
import { createDataset, createUser } from "../../helpers/worker/factories";

describe("chat assistants API", () => {
  it("creates an assistant with RAGFlow's defaults (but Buddy's calibrated threshold), lists, reads, patches (deep merge) and deletes it", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { name: "Gesundheit", dataset_ids: [ds.id] }, true);
    expect(chat).toMatchObject({
      name: "Gesundheit",
      dataset_ids: [ds.id],
      kb_names: [ds.name],
      llm_id: "builtin-extractive@Builtin",
      similarity_threshold: DEFAULT_ANSWER_THRESHOLD,
      vector_similarity_weight: 0.3,
      top_n: 6,
      top_k: 1024,
      prompt_config: { quote: true, parameters: [{ key: "knowledge", optional: false }], refine_multiturn: true },
    });
    expect(chat.prompt_config.system).toContain("{knowledge}");
    // RAGFlow v0.27 keeps llm_setting as sent: none sent, none answered
    expect(chat.llm_setting).toEqual({});

    const patched = await callApi<Chat>(`/chats/${chat.id}`, {
      method: "PATCH",
      token: user.token,
      json: {
        prompt_config: { empty_response: "Keine Ahnung." },
        llm_setting: { temperature: 0.9 },
        keywords_similarity_weight: 0.6,
      },
    });
    expect(patched.body.data.prompt_config).toMatchObject({ empty_response: "Keine Ahnung.", quote: true });
    expect(patched.body.data.llm_setting).toEqual({ temperature: 0.9 });
    expect(patched.body.data.vector_similarity_weight).toBeCloseTo(0.4);

    const list = await callApi<{ chats: Chat[]; total: number }>("/chats?keywords=gesund", { token: user.token });
    expect(list.body.data.total).toBe(1);
    expect((await callApi<Chat>(`/chats/${chat.id}`, { token: user.token })).body.data.name).toBe("Gesundheit");
    expect((await callApi(`/chats/${chat.id}`, { method: "DELETE", token: user.token })).body.data).toBe(true);
    expect((await callApi(`/chats/${chat.id}`, { token: user.token })).body).toMatchObject({
      code: 109,
      message: "no authorization",
    });
  });

  it.each([
    [{}, "`name` is required"],
    [{ name: "   " }, "`name` is required"],
    [{ name: "ä".repeat(128) }, "chat name length is 256 which is larger than 255"],
    [{ name: "x", llm_id: "gpt-9@Nowhere" }, "`llm_id` gpt-9@Nowhere doesn't exist"],
    [
      { name: "x", dataset_ids: ["0123456789abcdef0123456789abcdef"] },
      "You don't own the dataset 0123456789abcdef0123456789abcdef",
    ],
    [{ name: "x", dataset_ids: "nope" }, "`dataset_ids` should be a list."],
    [
      { name: "x", prompt_config: { system: "Hallo", parameters: [{ key: "stadt", optional: false }] } },
      "Parameter 'stadt' is not used",
    ],
    [{ name: "x", prompt_config: { parameters: [{ key: "1a" }] } }, "A variable key uses letters"],
    [{ name: "x", prompt_config: { system: "   " } }, "(the system prompt) is required"],
    [
      {
        name: "x",
        prompt_config: {
          system: "Hallo {stadt}",
          parameters: [
            { key: "stadt", optional: false },
            { key: "stadt", optional: true },
          ],
        },
      },
      "`parameters` contains duplicate key: stadt",
    ],
    [{ name: "x", vector_similarity_weight: 0.5, keywords_similarity_weight: 0.6 }, "must equal 1.0"],
    [{ name: "x", llm_setting: "hot" }, "`llm_setting` should be an object."],
    [{ name: "x", design: { button_color: "red" } }, "hex values"],
  ])("refuses %o", async (json, message) => {
    const user = await createUser();
    const res = await callApi("/chats", { token: user.token, json });
    expect(res.body.code).toBe(102);
    expect(res.body.message).toContain(message);
    expect((await callApi<{ total: number }>("/chats", { token: user.token })).body.data.total).toBe(0);
  });

  it("refuses duplicate names, unparsed datasets and datasets with different embedding models", async () => {
    const user = await createUser();
    await createChat(user, { name: "Doppelt" });
    expect((await callApi("/chats", { token: user.token, json: { name: "doppelt" } })).body).toMatchObject({
      code: 102,
      message: "duplicated chat name in creating chat",
    });
    const empty = await createDataset(user);
    expect(
      (await callApi("/chats", { token: user.token, json: { name: "Leer", dataset_ids: [empty.id] } })).body.message,
    ).toBe(`The dataset ${empty.id} doesn't own parsed file`);
    const model = await useLocalChatModel(user);
    expect(
      (await callApi<Chat>("/chats", { token: user.token, json: { name: "Mit Modell", llm_id: model } })).body.data
        .llm_id,
    ).toBe(model);
  });

  it("keeps tenants apart: another user can neither read, change, delete nor chat with an assistant", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const chat = await createChat(owner, { name: "Privat" });
    for (const [method, path, json] of [
      ["GET", `/chats/${chat.id}`, undefined],
      ["PATCH", `/chats/${chat.id}`, { name: "Gekapert" }],
      ["DELETE", `/chats/${chat.id}`, undefined],
      ["GET", `/chats/${chat.id}/sessions`, undefined],
      ["POST", `/chats/${chat.id}/sessions`, { name: "x" }],
      ["POST", `/chats/${chat.id}/completions`, { question: "Hallo" }],
      ["GET", `/chats/${chat.id}/stats`, undefined],
      ["GET", `/chats/${chat.id}/export`, undefined],
    ] as const) {
      const res = await callApi(path, { method, token: stranger.token, json });
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 109, message: "no authorization" });
    }
    // the OpenAI-compatible route words it as RAGFlow v0.27 does there
    const openAi = await callApi(`/openai/${chat.id}/chat/completions`, {
      token: stranger.token,
      json: { model: "model", messages: [{ role: "user", content: "Hallo" }] },
    });
    expect(openAi.body).toMatchObject({ code: 102, message: `You don't own the chat ${chat.id}` });
    expect(
      (await callApi("/chats", { method: "DELETE", token: stranger.token, json: { ids: [chat.id] } })).body.message,
    ).toBe(`Chat(${chat.id}) not found.`);
    expect((await callApi<Chat>(`/chats/${chat.id}`, { token: owner.token })).body.data.name).toBe("Privat");
    expect((await callApi(`/chats/${chat.id}`, { token: null })).status).toBe(401);
  });
});
