import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AgentTemplate } from "../../../worker/contract/agents";
import { BUILTIN_NOTE } from "../../../worker/services/agents/components/llm";
import { createAgent, runAgent } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset, useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const HEALTH = ["symptom-triage", "guideline-qa", "patient-letter"];

const templates = async (user: TestUser, language: "de" | "en") =>
  (await callApi<AgentTemplate[]>(`/agents/templates?language=${language}`, { token: user.token })).body.data;

// What a user does after picking a template: the knowledge base chosen; here the web is the local stand-ins.
const prepared = (template: AgentTemplate, datasetId: string) => {
  for (const component of Object.values(template.dsl.components)) {
    const params = component.obj.params;
    if (component.obj.component_name === "Retrieval") params.kb_ids = [datasetId];
    if (component.obj.component_name === "Invoke") params.url = `${env.TEST_SITE_URL}/api/echo`;
    for (const tool of (params.tools ?? []) as { component_name: string; params: Record<string, unknown> }[])
      if (tool.component_name === "Wikipedia") tool.params.base_url = `${env.TEST_TOOL_APIS_URL}/wikipedia`;
  }
  return template.dsl;
};

describe("Buddy's own templates on RAGFlow v0.27's components", () => {
  it("the web search's Agent calls Wikipedia as its tool and answers from the result, in both languages", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    for (const language of ["de", "en"] as const) {
      const template = (await templates(user, language)).find((entry) => entry.id === "web-search-summary");
      const agent = await createAgent(user, prepared(template as AgentTemplate, ""), `Websuche ${language}`);
      const result = (await runAgent(user, agent.id, { question: "Grippe" })).body.data;
      expect(result.error, language).toBeNull();
      // the stand-in model calls the first tool with the question, then answers "Ergebnis: <tool result>"
      expect(result.content, language).toMatch(/^Ergebnis: 1\. Grippe \(Grippe\)\n/);
      expect(result.content).toContain("Die Grippe ist eine Infektion.");
      expect(result.trace.map((entry) => entry.component_id)).toContain("Agent:search-->Wikipedia");
    }
  });

  it("every other template runs end to end with a configured chat model, in both languages", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const dataset = await parsedDataset(user);
    for (const language of ["de", "en"] as const) {
      const own = (await templates(user, language)).filter(
        (entry) => !HEALTH.includes(entry.id) && entry.id !== "web-search-summary",
      );
      expect(own.map((entry) => entry.id).toSorted()).toEqual(
        [
          "age-advice",
          "document-translation",
          "health-faq",
          "health-gate",
          "http-lookup",
          "list-iteration",
          "question-classifier",
          "support-triage",
        ].toSorted(),
      );
      for (const template of own) {
        const agent = await createAgent(user, prepared(template, dataset.id), `${template.id} ${language}`);
        const result = (await runAgent(user, agent.id, { question: "Grippeimpfung, Schlaf" })).body.data;
        expect(result.error, `${template.id} ${language}`).toBeNull();
        expect(result.content.length, `${template.id} ${language}`).toBeGreaterThan(0);
        expect(result.content, `${template.id} ${language}`).not.toContain(BUILTIN_NOTE);
      }
    }
  });

  it("the model's answer of the knowledge-base templates comes from the LLM and reads the chunks", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const dataset = await parsedDataset(user);
    const faq = (await templates(user, "en")).find((entry) => entry.id === "health-faq") as AgentTemplate;
    const agent = await createAgent(user, prepared(faq, dataset.id));
    const result = (await runAgent(user, agent.id, { question: "Who needs the flu vaccination?" })).body.data;
    expect(result.content).toBe("Antwort auf: Who needs the flu vaccination?");
    const answered = result.trace.find((entry) => entry.component_id === "LLM:answer");
    expect(String(answered?.inputs.sys_prompt)).toMatch(/^Answer the question with the knowledge below\./);
  });

  it("offline, the knowledge-base templates quote the knowledge base, or say that it has nothing", async () => {
    const user = await createUser();
    const dataset = await parsedDataset(user);
    const list = await templates(user, "de");
    const faq = list.find((entry) => entry.id === "health-faq") as AgentTemplate;
    const agent = await createAgent(user, prepared(faq, dataset.id));
    const found = (await runAgent(user, agent.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" })).body.data;
    expect(found.error).toBeNull();
    expect(found.content).toContain("Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen.");
    expect(found.content).not.toContain(BUILTIN_NOTE);
    const nothing = (await runAgent(user, agent.id, { question: "Quantenchromodynamik Gluonen" })).body.data;
    expect(nothing.content).toBe("Dazu habe ich in der Wissensdatenbank nichts gefunden.");

    const gate = list.find((entry) => entry.id === "health-gate") as AgentTemplate;
    const gated = await createAgent(user, prepared(gate, dataset.id));
    const declined = (await runAgent(user, gated.id, { question: "Wird es morgen regnen?" })).body.data;
    expect(declined.content).toBe("Dazu kann ich nichts sagen; ich beantworte nur Gesundheitsfragen.");
    const answered = (await runAgent(user, gated.id, { question: "Wann wird die Grippeimpfung empfohlen?" })).body.data;
    expect(answered.content).toContain("Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen.");

    const list2 = list.find((entry) => entry.id === "list-iteration") as AgentTemplate;
    const items = await createAgent(user, list2.dsl);
    expect((await runAgent(user, items.id, { question: "Äpfel, Birnen" })).body.data.content).toBe(
      "Ihre Liste:\n0. Äpfel\n1. Birnen",
    );
  });
});
