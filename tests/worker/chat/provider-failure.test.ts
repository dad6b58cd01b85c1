import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { createChat } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";
import { addInstance, LOCAL_PROVIDER } from "../../helpers/worker/models";

// A chat model whose provider cannot be reached answers RAGFlow's exception envelope (code 100, HTTP 200) with the
// reason and its catalogue code, never a 500 of Buddy's own.
describe("a model provider that cannot be reached", () => {
  it("answers code 100 naming the provider on the OpenAI-compatible and the chat completion routes", async () => {
    const user = await createUser();
    // nothing listens on port 9
    await addInstance(user, { instance: "down", base_url: "http://127.0.0.1:9/v1", models: [["chat-model", "chat"]] });
    const chat = await createChat(user, { llm_id: `chat-model@down@${LOCAL_PROVIDER}` });

    const openAi = await callApi<unknown>(`/openai/${chat.id}/chat/completions`, {
      token: user.token,
      json: { model: "model", stream: false, messages: [{ role: "user", content: "Was hilft bei Husten?" }] },
    });
    expect(openAi.status).toBe(200);
    expect(openAi.body).toMatchObject({
      code: 100,
      message: expect.stringContaining("Cannot reach the provider at http://127.0.0.1:9/v1/chat/completions"),
      message_code: expect.stringMatching(/^error\.provider(Unreachable|Internal)$/),
    });

    const own = await callApi<unknown>(`/chats/${chat.id}/completions`, {
      token: user.token,
      json: { question: "Was hilft bei Husten?", stream: false },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ code: 100, message: expect.stringContaining("Cannot reach the provider") });
  });
});
