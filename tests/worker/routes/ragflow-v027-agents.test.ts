import { describe, expect, it } from "vitest";
import { RUN_LOG_REFUSED } from "../../../worker/services/agents/runs/get-log";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const echo = () =>
  flow([
    ["begin", "Begin", {}, ["Message:m"]],
    ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
  ]);

describe("RAGFlow v0.27 agent routes", () => {
  it("answers GET /agents/prompts with the prompt snippets, not as an agent id", async () => {
    expect((await callApi("/agents/prompts")).status).toBe(401);
    const user = await createUser();
    const res = await callApi<Record<string, string>>("/agents/prompts", { token: user.token });
    expect(res.body.code).toBe(0);
    expect(Object.keys(res.body.data).toSorted()).toEqual([
      "citation_guidelines",
      "plan_generation",
      "reflection",
      "task_analysis",
    ]);
    expect(res.body.data.citation_guidelines).toContain("[ID:");
  });

  it("refuses to change or delete an agent the caller cannot see with 103, changing nothing", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const agent = await createAgent(owner, echo(), "Privat");
    const update = await callApi(`/agents/${agent.id}`, {
      token: stranger.token,
      method: "PUT",
      json: { title: "Übernommen", dsl: echo() },
    });
    expect(update.body).toMatchObject({ code: 103, message: "Make sure you have permission to access the agent." });
    const remove = await callApi(`/agents/${agent.id}`, { token: stranger.token, method: "DELETE" });
    expect(remove.body).toMatchObject({
      code: 103,
      message: "Only the owner of the agent is authorized for this operation.",
    });
    const kept = await callApi<{ title: string }>(`/agents/${agent.id}`, { token: owner.token });
    expect(kept.body.data.title).toBe("Privat");
  });

  it("answers an unknown run id with an empty log and refuses a run the caller may not read", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const agent = await createAgent(owner, echo(), "Team", { permission: "team" });
    const missing = await callApi(`/agents/${agent.id}/logs/missing_message`, { token: owner.token });
    expect(missing.body).toMatchObject({ code: 0, data: {} });
    const run = await callApi<{ message_id: string }>("/agents/chat/completions", {
      token: owner.token,
      json: { agent_id: agent.id, question: "Hi" },
    });
    const own = await callApi<{ question: string }>(`/agents/${agent.id}/logs/${run.body.data.message_id}`, {
      token: owner.token,
    });
    expect(own.body.data.question).toBe("Hi");
    const foreign = await callApi(`/agents/${agent.id}/logs/${run.body.data.message_id}`, inTeam(member, owner.id));
    expect(foreign.body).toMatchObject({ code: 103, message: RUN_LOG_REFUSED });
  });

  it("asks the OpenAI-compatible mode for at least one message", async () => {
    const user = await createUser();
    const agent = await createAgent(user, echo());
    const ask = (messages: unknown[]) =>
      callApi("/agents/chat/completions", {
        token: user.token,
        json: { agent_id: agent.id, "openai-compatible": true, model: "model", messages, stream: false },
      });
    expect((await ask([])).body).toMatchObject({ code: 102, message: "You must provide at least one message." });
    const answer = await ask([{ role: "user", content: "hello" }]);
    // OpenAI's shape, no envelope
    const completion = answer.body as unknown as { choices: { message: { content: string } }[] };
    expect(completion.choices[0]?.message.content).toBe("Echo: hello");
  });
});

describe("RAGFlow v0.27 /searchbots/related_questions", () => {
  it("refuses a missing or unknown token with HTTP 200 and code 102", async () => {
    const ask = (headers: Record<string, string>) =>
      callApi("/searchbots/related_questions", { json: { question: "ragflow" }, headers });
    const missing = await ask({});
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ code: 102, message: "Authorization is not valid!" });
    const unknown = await ask({ Authorization: "invalid" });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ code: 102, message: "Authentication error: API key is invalid!" });
  });
});
