import { describe, expect, it } from "vitest";
import type { Chat } from "../../../worker/contract/chats";
import { callApi } from "../../helpers/worker/api";
import { createChat, parsedDataset, useLocalChatModel } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

type Answer = { answer: string; session_id: string };

describe("a completion's llm_id", () => {
  it("answers one question with another of the team's chat models and leaves the assistant's model as it is", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    expect(chat.llm_id).toBe("builtin-extractive@Builtin");
    const local = await useLocalChatModel(user);
    const ask = (json: Record<string, unknown>) =>
      callApi<Answer>("/chat/completions", {
        token: user.token,
        json: { chat_id: chat.id, stream: false, question: "Grippeimpfung ab 60?", ...json },
      });

    const other = await ask({ llm_id: local });
    expect(other.body.data.answer).toContain("Antwort auf: Grippeimpfung ab 60?");
    const own = await ask({ session_id: other.body.data.session_id });
    expect(own.body.data.answer).not.toContain("Antwort auf:");
    expect(own.body.data.answer).toContain("60");
    const stored = await callApi<Chat>(`/chats/${chat.id}`, { token: user.token });
    expect(stored.body.data.llm_id).toBe("builtin-extractive@Builtin");

    const unknown = await ask({ llm_id: "gpt-4o@OpenAI" });
    expect(unknown.body).toMatchObject({ code: 102, message: "`llm_id` gpt-4o@OpenAI doesn't exist" });
    const stranger = await createUser();
    const theirs = await useLocalChatModel(stranger, "their-model");
    expect((await ask({ llm_id: theirs })).body.code).toBe(102);
  });

  it("switches citations for one answer with quote", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], llm_id: await useLocalChatModel(user) });
    const ask = (json: Record<string, unknown>) =>
      callApi<Answer>("/chat/completions", {
        token: user.token,
        json: { chat_id: chat.id, stream: false, question: "Grippeimpfung: was ist Ihr wissen?", ...json },
      });
    // the local model echoes its system prompt for "wissen?"
    expect((await ask({})).body.data.answer).toContain("# Citations");
    expect((await ask({ quote: false })).body.data.answer).not.toContain("# Citations");
    expect((await ask({ quote: "nein" })).body.code).not.toBe(0);
  });
});
