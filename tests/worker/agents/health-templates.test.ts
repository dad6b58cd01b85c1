import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Agent, AgentTemplate } from "../../../worker/contract/agents";
import { parseDocx } from "../../../worker/rag/parse/docx";
import { createAgent, runAgent } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset, useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const HEALTH = ["symptom-triage", "guideline-qa", "patient-letter"];

const templates = async (user: TestUser, language: "de" | "en" = "de") =>
  (await callApi<AgentTemplate[]>(`/agents/templates?language=${language}`, { token: user.token })).body.data;
const templateOf = async (user: TestUser, id: string, language: "de" | "en" = "de") =>
  (await templates(user, language)).find((entry) => entry.id === id) as AgentTemplate;

type Completion = { event: string; session_id: string; data: { content: string; tips?: string } };

describe("health templates (RAGFlow v0.27 components)", () => {
  it("come in German and English and import through the API", async () => {
    const user = await createUser();
    for (const language of ["de", "en"] as const) {
      const list = await templates(user, language);
      for (const id of HEALTH) {
        const template = list.find((entry) => entry.id === id) as AgentTemplate;
        expect(template.title.de, id).not.toBe(template.title.en);
        const created = await callApi<Agent>("/agents", {
          token: user.token,
          json: { title: `${template.title[language]} ${language}`, dsl: template.dsl },
        });
        expect(created.body.code, `${id} ${language}: ${created.body.message}`).toBe(0);
      }
    }
    const triage = await templateOf(user, "symptom-triage", "en");
    expect(triage.dsl.components["UserFillUp:details"]?.obj.params.tips).toBe(
      'Since when have you had "{sys.query}", and how strong is it (1–10)?',
    );
  });

  it("symptom triage asks back, then rates the answer with the team's model", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const agent = await createAgent(user, (await templateOf(user, "symptom-triage")).dsl);
    const first = await callApi<Completion>("/agents/chat/completions", {
      token: user.token,
      json: { agent_id: agent.id, question: "Halsschmerzen" },
    });
    expect(first.body.data.event).toBe("user_inputs");
    expect(first.body.data.data.tips).toBe("Seit wann haben Sie „Halsschmerzen“, und wie stark ist es (1–10)?");
    const second = (
      await runAgent(user, agent.id, {
        session_id: first.body.data.session_id,
        inputs: { since: "gestern", severity: 6 },
      })
    ).body.data;
    expect(second.error).toBeNull();
    expect(second.content).toMatch(/^Antwort auf: Beschwerden: Halsschmerzen\s+Seit: gestern\s+Stärke: 6/);
    expect(second.content).toContain("Bei Notfällen rufen Sie 112 an.");
  });

  it("guideline Q&A reads the knowledge base and calls PubMed as the Agent's tool", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const dataset = await parsedDataset(user);
    const template = await templateOf(user, "guideline-qa");
    const { components } = template.dsl;
    const retrieval = components["Retrieval:guidelines"]?.obj.params ?? {};
    retrieval.kb_ids = [dataset.id];
    const agentParams = (components["Agent:guide"]?.obj.params ?? {}) as {
      tools: { params: Record<string, unknown> }[];
    };
    const pubmed = agentParams.tools[0]?.params ?? {};
    // no internet here: PubMed is the local tool server
    pubmed.base_url = `${env.TEST_TOOL_APIS_URL}/pubmed`;
    const agent = await createAgent(user, template.dsl);
    const result = (await runAgent(user, agent.id, { question: "Grippeimpfung ab 60?" })).body.data;
    expect(result.error).toBeNull();
    expect(result.content).toMatch(/^Ergebnis: /);
    expect(result.content).toContain("Influenza vaccination in older adults");
    const found = result.trace.find((entry) => entry.component_id === "Retrieval:guidelines");
    expect(String(found?.outputs.formalized_content)).not.toBe("");
    expect(result.trace.map((entry) => entry.component_id)).toContain("Agent:guide-->PubMed");
  });

  it("the patient letter ends in a Word file with the model's letter", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const agent = await createAgent(user, (await templateOf(user, "patient-letter")).dsl);
    const result = (
      await runAgent(user, agent.id, { inputs: { patient: "Jürgen Weiß", findings: "Blutdruck 150/95 mmHg" } })
    ).body.data;
    expect(result.error).toBeNull();
    const link = /\[(Patientenbrief Jürgen Weiß\.docx)\]\((\/api\/v1\/agents\/[^)]+)\)/.exec(result.content);
    expect(result.content.startsWith("Der Brief ist fertig: ")).toBe(true);
    expect(link).not.toBeNull();
    const response = await SELF.fetch(`http://buddy.test${link?.[2]}`, { headers: { Authorization: user.token } });
    expect(response.status).toBe(200);
    const parsed = await parseDocx(new Uint8Array(await response.arrayBuffer()));
    const text = parsed.blocks.map((block) => block.text).join("\n");
    expect(text).toContain("Patient/in: Jürgen Weiß");
    expect(text).toContain("Befunde: Blutdruck 150/95 mmHg");
  });
});
