import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Agent, AgentTemplate } from "../../../worker/contract/agents";
import { callApi } from "../../helpers/worker/api";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { parsedDataset } from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const NEEDS_TOOL_MODEL = ["symptom-triage", "guideline-qa", "patient-letter", "web-search-summary"];

const simple = () =>
  flow([
    ["begin", "Begin", { prologue: "Hallo" }, ["Message:m"]],
    ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
  ]);

describe("agents API", () => {
  it("creates, lists, reads, updates, duplicates and deletes flows; titles are required and unique", async () => {
    const user = await createUser();
    const created = await createAgent(user, simple(), "Mein Buddy", { description: "Test" });
    expect(created).toMatchObject({ title: "Mein Buddy", description: "Test", permission: "me", user_id: user.id });
    expect(
      (await callApi("/agents", { token: user.token, json: { title: "mein buddy", dsl: simple() } })).body,
    ).toMatchObject({ code: 102, message: "Agent with title mein buddy already exists." });
    expect((await callApi("/agents", { token: user.token, json: { dsl: simple() } })).body).toMatchObject({
      code: 101,
      message: "No title in request.",
    });
    expect((await callApi("/agents", { token: user.token, json: { title: " ", dsl: simple() } })).body).toMatchObject({
      code: 102,
      message: "`title` is required",
    });
    expect(
      (
        await callApi("/agents", {
          token: user.token,
          json: {
            title: "x",
            dsl: {
              components: { begin: { obj: { component_name: "Nope", params: {} }, downstream: [], upstream: [] } },
            },
          },
        })
      ).body.code,
    ).toBe(102);

    expect(
      (await callApi(`/agents/${created.id}`, { method: "PUT", token: user.token, json: { title: "Umbenannt" } })).body
        .data,
    ).toBe(true);
    const copy = (await callApi<Agent>(`/agents/${created.id}/duplicate`, { method: "POST", token: user.token })).body
      .data;
    expect(copy.title).toBe("Umbenannt (copy)");
    const listed = await callApi<{ canvas: Agent[]; total: number }>("/agents?keywords=umbe", { token: user.token });
    expect(listed.body.data.canvas.map((agent) => agent.title).toSorted()).toEqual(["Umbenannt", "Umbenannt (copy)"]);
    expect(listed.body.data.total).toBe(2);
    expect((await callApi(`/agents/${created.id}`, { method: "DELETE", token: user.token })).body.data).toBe(true);
    expect((await callApi(`/agents/${created.id}`, { token: user.token })).body.code).toBe(102);
  });

  it("shares team flows: members see and run them, only the creator or an admin changes them", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const shared = await createAgent(owner, simple(), "Team-Buddy", { permission: "team" });
    const own = await createAgent(owner, simple(), "Privat-Buddy");
    const seen = await callApi<{ canvas: Agent[] }>("/agents", inTeam(member, owner.id));
    expect(seen.body.data.canvas.map((agent) => agent.title)).toEqual(["Team-Buddy"]);
    expect((await callApi(`/agents/${own.id}`, inTeam(member, owner.id))).body.code).toBe(102);
    const run = await callApi<{ event: string; data: { content: string } }>("/agents/chat/completions", {
      ...inTeam(member, owner.id),
      json: { agent_id: shared.id, question: "Hi" },
    });
    // RAGFlow's message_end event, read by its SDK as data.data.content
    expect(run.body.data).toMatchObject({ event: "message_end", data: { content: "Echo: Hi" } });
    const refused = await callApi(`/agents/${shared.id}`, {
      method: "PUT",
      ...inTeam(member, owner.id),
      json: { title: "Übernommen" },
    });
    expect(refused.body).toMatchObject({ code: 103, message: "Only owner of canvas authorized for this operation." });
    // the editor opens read-only for the member, editable for the creator and for an admin
    expect((await callApi<Agent>(`/agents/${shared.id}`, inTeam(member, owner.id))).body.data.can_edit).toBe(false);
    expect((await callApi<Agent>(`/agents/${shared.id}`, { token: owner.token })).body.data.can_edit).toBe(true);
    const admin = await createUser();
    await joinTeam(owner, admin, "admin");
    expect((await callApi<Agent>(`/agents/${shared.id}`, inTeam(admin, owner.id))).body.data.can_edit).toBe(true);
    const stranger = await createUser();
    expect(
      (
        await callApi("/agents/chat/completions", {
          token: stranger.token,
          json: { agent_id: shared.id, question: "Hi" },
        })
      ).body.code,
    ).toBe(102);
  });

  it("checks options and number inputs against what Begin declares, before any session is made", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        [
          "begin",
          "Begin",
          {
            mode: "task",
            inputs: {
              art: { name: "Versicherung", type: "options", options: ["gesetzlich", "privat"] },
              alter: { name: "Alter", type: "integer", optional: true },
            },
          },
          ["Message:m"],
        ],
        ["Message:m", "Message", { content: ["{begin@art}, {begin@alter}"] }],
      ]),
    );
    expect((await runAgent(user, agent.id, { inputs: { art: "keine" } })).body).toMatchObject({
      code: 102,
      message: "The input `Versicherung` must be one of: gesetzlich, privat.",
    });
    expect((await runAgent(user, agent.id, { inputs: { art: "privat", alter: "alt" } })).body).toMatchObject({
      code: 102,
      message: "The input `Alter` must be a number.",
    });
    expect((await callApi<unknown[]>(`/agents/${agent.id}/sessions`, { token: user.token })).body.data).toHaveLength(0);
    expect((await runAgent(user, agent.id, { inputs: { art: "privat", alter: 42 } })).body.data.content).toBe(
      "privat, 42",
    );
    expect((await runAgent(user, agent.id, { inputs: { art: "gesetzlich" } })).body.data.content).toBe("gesetzlich, ");
    // an options input that offers nothing cannot be run
    const empty = await createAgent(
      user,
      flow([
        [
          "begin",
          "Begin",
          { mode: "task", inputs: { art: { name: "Versicherung", type: "options", options: [" "] } } },
          [],
        ],
      ]),
    );
    expect((await runAgent(user, empty.id, { inputs: {} })).body).toMatchObject({
      code: 102,
      message: "The input `Versicherung` has no options to choose from.",
    });
  });

  it("runs a task flow on its inputs alone in every turn; a conversation flow needs a question after the first", async () => {
    const user = await createUser();
    const task = await createAgent(
      user,
      flow([
        ["begin", "Begin", { mode: "task", inputs: { Stadt: { name: "Stadt", type: "line" } } }, ["Message:m"]],
        ["Message:m", "Message", { content: ["Bericht für {begin@Stadt}"] }],
      ]),
    );
    // a required input is checked by the server too, before any session is made
    const sessionsBefore = (await callApi<unknown[]>(`/agents/${task.id}/sessions`, { token: user.token })).body.data
      .length;
    expect((await runAgent(user, task.id, { inputs: { Stadt: " " } })).body).toMatchObject({
      code: 102,
      message: "The input `Stadt` is required.",
    });
    expect((await callApi<unknown[]>(`/agents/${task.id}/sessions`, { token: user.token })).body.data).toHaveLength(
      sessionsBefore,
    );
    const first = await runAgent(user, task.id, { inputs: { Stadt: "Berlin" } });
    expect(first.body.data.content).toBe("Bericht für Berlin");
    const again = await runAgent(user, task.id, { inputs: { Stadt: "Köln" }, session_id: first.body.data.session_id });
    expect(again.body.data.content).toBe("Bericht für Köln");
    const chat = await createAgent(user, simple(), "Gespräch");
    const opened = await runAgent(user, chat.id, { question: "Hallo" });
    expect((await runAgent(user, chat.id, { session_id: opened.body.data.session_id })).body).toMatchObject({
      code: 102,
      message: "`question` is required.",
    });
  });

  it("every template loads and runs with the built-in models", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const dataset = await parsedDataset(user);
    const templates = (await callApi<AgentTemplate[]>("/agents/templates", { token: user.token })).body.data;
    expect(templates.length).toBeGreaterThanOrEqual(8);
    const english = (await callApi<AgentTemplate[]>("/agents/templates?language=en", { token: user.token })).body.data;
    expect(english.map((template) => template.id)).toEqual(templates.map((template) => template.id));
    // the flows' own texts follow the language asked for; titles and descriptions come in both
    const faq = (list: AgentTemplate[]) => list.find((template) => template.id === "health-faq")?.dsl.components;
    expect(faq(templates)?.begin?.obj.params.prologue).toBe("Hallo! Was möchten Sie über Ihre Gesundheit wissen?");
    expect(faq(english)?.begin?.obj.params.prologue).toBe("Hello! What would you like to know about your health?");
    expect(String(faq(english)?.["LLM:answer"]?.obj.params.sys_prompt)).toMatch(
      /^Answer the question with the knowledge below\./,
    );
    expect(english[0]?.title).toEqual(templates[0]?.title);
    const germanWords = /\b(und|der|die|das|Sie|Ihre|nicht|Wissen|suchen)\b|[äöüß]/;
    for (const template of english) {
      const texts = JSON.stringify(Object.values(template.dsl.components).map((component) => component.obj.params));
      expect(texts.replace(/STIKO/g, ""), template.id).not.toMatch(germanWords);
    }
    expect((await callApi("/agents/templates?language=fr", { token: user.token })).body.code).toBe(101);
    const run = async (template: AgentTemplate, question: string) => {
      for (const component of Object.values(template.dsl.components)) {
        if (component.obj.component_name === "Retrieval") component.obj.params.kb_ids = [dataset.id];
        // no internet here: web lookups go to the local test site
        if (component.obj.component_name === "Invoke") component.obj.params.url = `${env.TEST_SITE_URL}/api/echo`;
      }
      expect(template.dsl.graph.nodes.length).toBe(Object.keys(template.dsl.components).length);
      const agent = await createAgent(user, template.dsl, `${template.title.de} ${question.slice(0, 8)}`);
      const result = (await runAgent(user, agent.id, { question })).body.data;
      expect(result.error, `${template.id}: ${result.error}`).toBeNull();
      expect(result.content.length, template.id).toBeGreaterThan(0);
      return result.content;
    };
    // Buddy's own templates are built from RAGFlow v0.27's components, none of the older ones
    const older = ["Generate", "Answer", "Relevant", "KeywordExtract", "Template", "Concentrator"];
    for (const template of [...templates, ...english])
      for (const component of Object.values(template.dsl.components))
        expect(older, `${template.id}: ${component.obj.component_name}`).not.toContain(component.obj.component_name);
    // the health templates and the web search need a model that writes and calls tools: health-templates.test.ts
    const offline = (list: AgentTemplate[]) => list.filter((template) => !NEEDS_TOOL_MODEL.includes(template.id));
    for (const template of offline(templates)) await run(template, "Ab wann wird die Grippeimpfung empfohlen?");
    for (const template of offline(english)) await run(template, "When is the flu vaccination recommended?");
    const gate = english.find((template) => template.id === "health-gate") as AgentTemplate;
    expect(await run(gate, "Will it rain tomorrow?")).toBe(
      "I cannot say anything about that; I only answer health questions.",
    );
  });

  it("the web-search template fails visibly with a model that calls no tools, rather than answering unsearched", async () => {
    const user = await createUser();
    const templates = (await callApi<AgentTemplate[]>("/agents/templates", { token: user.token })).body.data;
    const template = templates.find((entry) => entry.id === "web-search-summary") as AgentTemplate;
    const search = template.dsl.components["Agent:search"];
    expect(search?.obj.params.exception_method).toBeUndefined();
    const agent = await createAgent(user, template.dsl);
    const result = (await runAgent(user, agent.id, { question: "Grippe" })).body.data;
    expect(result.error).toMatch(/^Suchen und zusammenfassen: Model .* does not support tool calls\.$/);
    expect(result.content).toBe(`**ERROR**: ${result.error}`);
    expect(result.content).not.toContain("Suche mit dem Werkzeug");
  });

  it("answers on the OpenAI-compatible path and keeps per-user sessions", async () => {
    const user = await createUser();
    const agent = await createAgent(user, simple());
    type OpenAiAnswer = {
      choices: { message: { content: string } }[];
      usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    };
    const answer = await callApi(`/agents_openai/${agent.id}/chat/completions`, {
      token: user.token,
      json: { model: "buddy", messages: [{ role: "user", content: "Wie geht's?" }] },
    });
    const openAi = answer.body as unknown as OpenAiAnswer;
    expect(openAi.choices[0]?.message.content).toBe("Echo: Wie geht's?");
    expect(openAi.usage.prompt_tokens).toBeGreaterThan(0);
    expect(openAi.usage.total_tokens).toBe(openAi.usage.prompt_tokens + openAi.usage.completion_tokens);
    // RAGFlow's OpenAI mode of /agents/chat/completions answers the same way
    const compatible = await callApi(`/agents/chat/completions`, {
      token: user.token,
      json: { agent_id: agent.id, "openai-compatible": true, messages: [{ role: "user", content: "Und sonst?" }] },
    });
    expect((compatible.body as unknown as OpenAiAnswer).choices[0]?.message.content).toBe("Echo: Und sonst?");
    const session = await callApi<{ id: string; message: { content: string }[] }>(`/agents/${agent.id}/sessions`, {
      method: "POST",
      token: user.token,
    });
    expect(session.body.data.message.map((message) => message.content)).toEqual(["Hallo"]);
    const listed = await callApi<{ id: string }[]>(
      `/agents/${agent.id}/sessions?page_size=1&orderby=create_time&desc=false`,
      { token: user.token },
    );
    expect(listed.body.data).toHaveLength(1);
    const newest = await callApi<{ id: string }[]>(
      `/agents/${agent.id}/sessions?orderby=create_time&desc=true&page_size=1`,
      { token: user.token },
    );
    expect(newest.body.data[0]?.id).toBe(session.body.data.id);
    expect(
      (
        await callApi<{ id: string }[]>(`/agents/${agent.id}/sessions?id=${session.body.data.id}`, {
          token: user.token,
        })
      ).body.data.map((row) => row.id),
    ).toEqual([session.body.data.id]);
    expect((await callApi(`/agents/${agent.id}/sessions?page=0`, { token: user.token })).body.code).toBe(101);
    const other = await createUser();
    expect((await runAgent(other, agent.id, { question: "x", session_id: session.body.data.id })).body.code).toBe(102);
    const sessions = (await callApi<unknown[]>(`/agents/${agent.id}/sessions`, { token: user.token })).body.data;
    expect(
      (
        await callApi(`/agents/${agent.id}/sessions`, {
          method: "DELETE",
          token: user.token,
          json: { delete_all: true },
        })
      ).body.data,
    ).toEqual({ success_count: sessions.length });
    expect((await callApi<unknown[]>(`/agents/${agent.id}/sessions`, { token: user.token })).body.data).toEqual([]);
  });
});
