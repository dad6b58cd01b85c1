import { describe, expect, it } from "vitest";
import type { SystemStats } from "../../../worker/contract/evaluation";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { ask, createChat, parsedDataset } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const today = () => new Date().toISOString().slice(0, 10);
const stats = (user: TestUser, query = "") => callApi<SystemStats>(`/system/stats${query}`, { token: user.token });

describe("GET /system/stats (RAGFlow's usage statistics)", () => {
  it("gives per-day sessions, users, rounds, tokens and thumbs-up of the caller's assistants", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const first = (await ask(user, chat.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" })).body.data;
    await ask(user, chat.id, { question: "Und wie viel Schlaf brauchen Erwachsene?", session_id: first.session_id });
    await ask(user, chat.id, { question: "Wie viel Schlaf brauchen Erwachsene?" });
    await callApi(`/chats/${chat.id}/sessions/${first.session_id}/messages/${first.id}/feedback`, {
      method: "PUT",
      token: user.token,
      json: { thumbup: true },
    });

    const res = await stats(user);
    expect(res.body.code).toBe(0);
    const data = res.body.data;
    expect(data.pv).toEqual([[today(), 2]]);
    expect(data.uv).toEqual([[today(), 1]]);
    expect(data.round).toEqual([[today(), 1.5]]);
    expect(data.thumb_up).toEqual([[today(), 1]]);
    expect(data.tokens[0]?.[1]).toBeGreaterThan(0);
    expect(data.speed[0]?.[1]).toBeGreaterThan(0);

    // a range without today is empty; RAGFlow's date-time form is accepted
    expect((await stats(user, "?from_date=2020-01-01%2000:00:00&to_date=2020-01-07%2023:59:59")).body.data.pv).toEqual(
      [],
    );
    // another team sees none of it
    expect((await stats(await createUser())).body.data.pv).toEqual([]);
  });

  it("counts agent sessions with canvas_id, and refuses bad dates and strangers", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Message:m"]],
        ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
      ]),
    );
    const run = (await runAgent(user, agent.id, { question: "Hallo" })).body.data;
    await runAgent(user, agent.id, { question: "Noch einmal", session_id: run.session_id });
    const agentStats = (await stats(user, "?canvas_id=1")).body.data;
    expect(agentStats.pv).toEqual([[today(), 1]]);
    expect(agentStats.round).toEqual([[today(), 2]]);
    expect(agentStats.thumb_up).toEqual([[today(), 0]]);

    const bad = await stats(user, "?from_date=gestern");
    expect(bad.body.code).not.toBe(0);
    expect(bad.body.message).toContain("from_date");
    expect((await callApi("/system/stats")).status).toBe(401);
  });
});
