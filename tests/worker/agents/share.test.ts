import { describe, expect, it } from "vitest";
import type { ShareToken } from "../../../worker/contract/share";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const VISITOR = "visitor-cccccccccccccccc";

const shared = <T = unknown>(path: string, token: string, json?: unknown, visitor = VISITOR) =>
  callApi<T>(`/share/agents${path}?visitor_id=${visitor}`, { token: `Bearer ${token}`, json });

describe("shared agent flows", () => {
  it("a share link opens one flow for visitors: its face, a conversation in the visitor's own session", async () => {
    const owner = await createUser();
    const agent = await createAgent(owner, flow([["begin", "Begin", { prologue: "Hallo, Besucher!" }, ["Answer:a"]], ["Answer:a", "Answer", { content: "Sie fragten: {sys.query}" }, ["Message:m"]], ["Message:m", "Message", { content: ["Und dann: {sys.query}"] }]]), "Empfang");
    const token = (await callApi<ShareToken>(`/agents/${agent.id}/share-tokens`, { token: owner.token, json: { name: "Website" } })).body.data;
    expect(token.target_type).toBe("agent");

    const info = await shared<{ title: string; prologue: string }>(`/${agent.id}`, token.token);
    expect(info.body.data).toMatchObject({ title: "Empfang", prologue: "Hallo, Besucher!" });
    const first = await shared<{ content: string; session_id: string }>(`/${agent.id}/completions`, token.token, { question: "Öffnungszeiten?" });
    expect(first.body.data.content).toBe("Sie fragten: Öffnungszeiten?");
    const second = await shared<{ content: string }>(`/${agent.id}/completions`, token.token, { question: "Danke", session_id: first.body.data.session_id });
    expect(second.body.data.content).toBe("Und dann: Danke");
    const stolen = await shared(`/${agent.id}/completions`, token.token, { question: "x", session_id: first.body.data.session_id }, "visitor-dddddddddddddddd");
    expect(stolen.body.code).toBe(102);

    const other = await createAgent(owner, flow([["begin", "Begin", {}, []]]));
    expect((await shared(`/${other.id}`, token.token)).status).toBe(403);
    expect((await shared(`/${agent.id}`, "ragflow-not-a-share-token")).status).toBe(401);
    expect((await callApi(`/agents/${agent.id}/share-tokens/${token.id}`, { method: "DELETE", token: owner.token })).body.code).toBe(0);
    expect((await shared(`/${agent.id}`, token.token)).status).toBe(401);
  });

  it("only the creator or a team admin makes share links", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const agent = await createAgent(owner, flow([["begin", "Begin", {}, []]]), "Team-Empfang", { permission: "team" });
    const refused = await callApi(`/agents/${agent.id}/share-tokens`, { ...inTeam(member, owner.id), json: {} });
    expect(refused.body).toMatchObject({ code: 103 });
  });
});
