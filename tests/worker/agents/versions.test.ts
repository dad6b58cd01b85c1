import { describe, expect, it } from "vitest";
import type { AgentVersion, AgentVersionSummary } from "../../../worker/contract/agent-versions";
import type { Agent } from "../../../worker/contract/agents";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const echo = (text: string) =>
  flow([
    ["begin", "Begin", {}, ["Message:m"]],
    ["Message:m", "Message", { content: [`${text} {sys.query}`] }],
  ]);

const withSearch = () =>
  flow([
    ["begin", "Begin", {}, ["Message:m"]],
    ["Message:m", "Message", { content: ["Zwei {sys.query}"] }],
    ["Wikipedia:w", "Wikipedia", { top_n: 3 }],
  ]);

const versionsOf = async (token: string, agentId: string, headers?: Record<string, string>) =>
  (await callApi<AgentVersionSummary[]>(`/agents/${agentId}/versions`, { token, headers })).body;

describe("agent versions", () => {
  it("makes every save with a new flow a version, lists them newest first with what each changed", async () => {
    const user = await createUser({ nickname: "Ada" });
    const agent = await createAgent(user, echo("Eins"), "Versioniert");
    expect((await versionsOf(user.token, agent.id)).data).toHaveLength(1);

    const put = (dsl: unknown, title?: string) =>
      callApi(`/agents/${agent.id}`, { method: "PUT", token: user.token, json: { dsl, ...(title ? { title } : {}) } });
    await put(withSearch(), "Umbenannt");
    // the same flow again only refreshes the latest version; a title-only change is no version
    await put(withSearch());
    await callApi(`/agents/${agent.id}`, { method: "PUT", token: user.token, json: { title: "Noch einmal" } });

    const listed = await versionsOf(user.token, agent.id);
    expect(listed.code).toBe(0);
    const [second, first] = listed.data;
    expect(listed.data).toHaveLength(2);
    expect(second?.title).toMatch(/^Ada_Umbenannt_\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(first?.title).toMatch(/^Ada_Versioniert_/);
    expect(second).toMatchObject({ user_canvas_id: agent.id, release: false });
    expect(second).not.toHaveProperty("dsl");
    expect(second?.changes).toMatchObject({
      added: [{ id: "Wikipedia:w", component_name: "Wikipedia" }],
      removed: [],
      changed: [{ id: "Message:m", component_name: "Message" }],
    });
    expect(first?.changes.added.map((c) => c.id).toSorted()).toEqual(["Message:m", "begin"]);
    expect([second?.first, first?.first]).toEqual([false, true]);

    const viewed = await callApi<AgentVersion>(`/agents/${agent.id}/versions/${first?.id}`, { token: user.token });
    expect(viewed.body.data.dsl.components["Message:m"]?.obj.params.content).toEqual(["Eins {sys.query}"]);
  });

  it("restores a version as a new save: the flow runs it again and the history grows", async () => {
    const user = await createUser();
    const agent = await createAgent(user, echo("Eins"));
    await callApi(`/agents/${agent.id}`, { method: "PUT", token: user.token, json: { dsl: echo("Zwei") } });
    const [, first] = (await versionsOf(user.token, agent.id)).data;
    expect((await runAgent(user, agent.id, { question: "x" })).body.data.content).toBe("Zwei x");

    const restored = await callApi<{ version_id: string }>(`/agents/${agent.id}/versions/${first?.id}/restore`, {
      method: "POST",
      token: user.token,
    });
    expect(restored.body.code).toBe(0);
    expect((await runAgent(user, agent.id, { question: "x" })).body.data.content).toBe("Eins x");
    const read = (await callApi<Agent>(`/agents/${agent.id}`, { token: user.token })).body.data;
    expect(read.dsl.components["Message:m"]?.obj.params.content).toEqual(["Eins {sys.query}"]);
    const after = (await versionsOf(user.token, agent.id)).data;
    expect(after).toHaveLength(3);
    expect(after[0]?.id).toBe(restored.body.data.version_id);
    expect(after[0]?.changes.changed.map((c) => c.id)).toEqual(["Message:m"]);
  });

  it("keeps the 20 newest versions", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const agent = await createAgent(user, echo("0"));
    for (let i = 1; i <= 21; i++)
      await callApi(`/agents/${agent.id}`, { method: "PUT", token: user.token, json: { dsl: echo(String(i)) } });
    const listed = (await versionsOf(user.token, agent.id)).data;
    expect(listed).toHaveLength(20);
    const oldest = await callApi<AgentVersion>(`/agents/${agent.id}/versions/${listed.at(-1)?.id}`, {
      token: user.token,
    });
    expect(oldest.body.data.dsl.components["Message:m"]?.obj.params.content).toEqual(["2 {sys.query}"]);
    // the oldest kept one is no longer the flow's first version
    expect(listed.map((version) => version.first)).toEqual(Array(20).fill(false));
  });

  it("publishes the saved flow: the latest version is marked release and stays when older saves are pruned", async () => {
    const user = await createUser();
    const agent = await createAgent(user, echo("Eins"));
    const put = (json: Record<string, unknown>) =>
      callApi(`/agents/${agent.id}`, { method: "PUT", token: user.token, json });
    await put({ dsl: echo("Zwei") });
    // publishing what is saved marks that version; nothing new is recorded
    expect((await put({ release: true })).body.code).toBe(0);
    const [published, created] = (await versionsOf(user.token, agent.id)).data;
    expect([published?.release, created?.release]).toEqual([true, false]);
    expect(created?.first).toBe(true);

    for (let i = 3; i <= 24; i++) await put({ dsl: echo(String(i)) });
    const listed = (await versionsOf(user.token, agent.id)).data;
    expect(listed).toHaveLength(21);
    expect(listed.filter((version) => version.release).map((version) => version.id)).toEqual([published?.id]);
    expect(listed.map((version) => version.first)).toEqual(Array(21).fill(false));
  });

  it("refuses unknown versions, other people's flows, and restores by those who may only run the flow", async () => {
    const owner = await createUser();
    const member = await createUser();
    const stranger = await createUser();
    await joinTeam(owner, member);
    const agent = await createAgent(
      owner,
      flow([
        ["begin", "Begin", {}, ["Message:m"]],
        ["Message:m", "Message", { content: ["hi"] }],
        ["Tavily:t", "Tavily", { api_key: "tvly-secret" }],
      ]),
      "Team",
      { permission: "team" },
    );
    const [version] = (await versionsOf(owner.token, agent.id)).data;
    expect((await callApi(`/agents/${agent.id}/versions/nope`, { token: owner.token })).body).toMatchObject({
      code: 102,
      message: "Version not found.",
    });
    expect((await versionsOf(stranger.token, agent.id)).code).toBe(102);
    // a member reads the history with credentials masked, and may not restore
    const seen = await callApi<AgentVersion>(`/agents/${agent.id}/versions/${version?.id}`, inTeam(member, owner.id));
    expect(JSON.stringify(seen.body.data.dsl)).not.toContain("tvly-secret");
    const refused = await callApi(`/agents/${agent.id}/versions/${version?.id}/restore`, {
      method: "POST",
      ...inTeam(member, owner.id),
    });
    expect(refused.body.code).toBe(103);
    const other = await createAgent(owner, echo("anders"));
    const crossed = await callApi(`/agents/${other.id}/versions/${version?.id}/restore`, {
      method: "POST",
      token: owner.token,
    });
    expect(crossed.body).toMatchObject({ code: 102, message: "Version not found." });
    expect((await versionsOf(owner.token, other.id)).data).toHaveLength(1);
  });
});
