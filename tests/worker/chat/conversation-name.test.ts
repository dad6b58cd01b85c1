import { describe, expect, it } from "vitest";
import type { Session } from "../../../worker/contract/chats";
import { callApi } from "../../helpers/worker/api";
import { ask, createChat, parsedDataset } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

describe("a conversation opened by a long question", () => {
  it("is named after it, cut at a word boundary with an ellipsis", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const question =
      "Wie viel Schlaf brauchen Erwachsene,\nwenn sie nachts arbeiten und tagsüber Kinder betreuen müssen?";
    const res = await ask(user, chat.id, { question });
    const sessions = await callApi<Session[]>(`/chats/${chat.id}/sessions`, { token: user.token });
    const named = sessions.body.data.find((s) => s.id === res.body.data.session_id);
    expect(named?.name).toBe("Wie viel Schlaf brauchen Erwachsene, wenn sie nachts…");
  });
});
