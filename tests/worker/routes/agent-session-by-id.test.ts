import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";

const greeter = () =>
  flow([
    ["begin", "Begin", { prologue: "Guten Tag" }, ["Message:m"]],
    ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
  ]);

describe("GET and DELETE /agents/{id}/sessions/{session_id}", () => {
  it("reads one of the caller's sessions and deletes it; afterwards it is not found", async () => {
    const user = await createUser();
    const agent = await createAgent(user, greeter());
    const created = await callApi<{ id: string }>(`/agents/${agent.id}/sessions`, {
      method: "POST",
      token: user.token,
    });
    const path = `/agents/${agent.id}/sessions/${created.body.data.id}`;

    const read = await callApi<{ id: string; agent_id: string; message: { content: string }[] }>(path, {
      token: user.token,
    });
    expect(read.body.code).toBe(0);
    expect(read.body.data).toMatchObject({ id: created.body.data.id, agent_id: agent.id });
    expect(read.body.data.message.map((message) => message.content)).toEqual(["Guten Tag"]);

    const removed = await callApi(path, { method: "DELETE", token: user.token });
    expect(removed.body).toMatchObject({ code: 0, data: true });
    expect((await callApi(path, { token: user.token })).body).toEqual({ code: 102, message: "Session not found!" });
    expect((await callApi(path, { method: "DELETE", token: user.token })).body).toEqual({
      code: 102,
      message: "Session not found!",
    });
  });

  it("does not show a session under another agent or to another user", async () => {
    const user = await createUser();
    const agent = await createAgent(user, greeter(), undefined, { permission: "team" });
    const other = await createAgent(user, greeter());
    const created = await callApi<{ id: string }>(`/agents/${agent.id}/sessions`, {
      method: "POST",
      token: user.token,
    });
    const elsewhere = await callApi(`/agents/${other.id}/sessions/${created.body.data.id}`, { token: user.token });
    expect(elsewhere.body).toEqual({ code: 102, message: "Session not found!" });
    const stranger = await createUser();
    const foreign = await callApi(`/agents/${agent.id}/sessions/${created.body.data.id}`, {
      method: "DELETE",
      token: stranger.token,
    });
    expect(foreign.body.code).not.toBe(0);
    const still = await callApi(`/agents/${agent.id}/sessions/${created.body.data.id}`, { token: user.token });
    expect(still.body.code).toBe(0);
  });
});
