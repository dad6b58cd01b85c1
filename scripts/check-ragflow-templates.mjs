// npm run check:ragflow-templates — imports every agent template of a RAGFlow release into a running Buddy and
// runs those that need no outside service, against a local OpenAI-compatible model server (the test stand-in,
// which calls the first tool it is offered and then answers "Ergebnis: <tool result>"). Nothing of RAGFlow is
// copied: the templates are read from a RAGFlow git directory.
//
//   RAGFLOW_GIT=/path/to/ragflow/.git [RAGFLOW_REF=v0.27.0] BUDDY_URL=http://127.0.0.1:8787 npm run check:ragflow-templates
//
// Buddy must reach 127.0.0.1 (ALLOW_PRIVATE_FETCH=true, as `npm start` and the e2e stack set). Prints a Markdown
// table: template, imported (or why not), ran (or why not / why skipped).
import { execFileSync } from "node:child_process";
import { startOpenAiServer } from "../tests/helpers/servers/model-servers.ts";
import { GOOD_KEY } from "../tests/helpers/shared/model-key.ts";
import { stackApi } from "./bench/stack-api.mjs";

const RAGFLOW_GIT = process.env.RAGFLOW_GIT;
const REF = process.env.RAGFLOW_REF ?? "v0.27.0";
const BUDDY_URL = (process.env.BUDDY_URL ?? "http://127.0.0.1:8787").replace(/\/$/, "");
if (!RAGFLOW_GIT) {
  console.error("Set RAGFLOW_GIT to a RAGFlow git directory (a clone's .git or a bare mirror).");
  process.exit(2);
}

const git = (...args) => execFileSync("git", ["--git-dir", RAGFLOW_GIT, ...args], { encoding: "utf8" });

// Tools and components that call a service outside Buddy (a search API with a key, a database, a sandbox).
const OUTSIDE = {
  TavilySearch: "Tavily API",
  TavilyExtract: "Tavily API",
  Google: "SerpAPI",
  Bing: "Bing API",
  GoogleScholar: "Google Scholar",
  ExeSQL: "a SQL database",
  CodeExec: "a code sandbox",
  YahooFinance: "Yahoo Finance",
  QWeather: "QWeather API",
  Email: "an SMTP server",
  // not an outside service, but RAGFlow's compilation template groups, which Buddy does not have
  Compiler: "RAGFlow's compilation template groups",
};

const componentsOf = (dsl) => Object.values(dsl.components ?? {});
// every component and every tool (sub-agents' tools too) a flow uses
const partsOf = (dsl) => {
  const parts = [];
  const addTools = (tools) => {
    for (const tool of tools ?? []) {
      parts.push(tool);
      addTools(tool.params?.tools);
    }
  };
  for (const component of componentsOf(dsl)) {
    parts.push({ component_name: component.obj.component_name, params: component.obj.params });
    addTools(component.obj.params?.tools);
  }
  return parts;
};

const outsideServicesOf = (dsl) => [
  ...new Set(partsOf(dsl).flatMap((part) => (OUTSIDE[part.component_name] ? [OUTSIDE[part.component_name]] : []))),
];

// What a user does after importing: models on the team's default (here the local server), the knowledge base picked.
const prepared = (dsl, datasetId) => {
  const copy = structuredClone(dsl);
  for (const part of partsOf(copy)) {
    if (!part.params) continue;
    if ("llm_id" in part.params) part.params.llm_id = "";
    if (part.component_name === "Retrieval") part.params.kb_ids = [datasetId];
  }
  return copy;
};

const beginOf = (dsl) => componentsOf(dsl).find((component) => component.obj.component_name === "Begin");
// A value for each required Begin input (task-mode templates run on them).
const inputsFor = (dsl) =>
  Object.fromEntries(
    Object.entries(beginOf(dsl)?.obj.params?.inputs ?? {}).map(([key, input]) => [
      key,
      input.type === "integer" || input.type === "number" ? 5 : `Beispiel für ${input.name ?? key}`,
    ]),
  );

const { api, post, addLocalModels, waitForDataset, register } = stackApi(BUDDY_URL);

const makeDataset = async (token) => {
  const dataset = (await post("/datasets", { name: `ragflow-templates-${Date.now()}` }, token)).body.data;
  const form = new FormData();
  const text =
    "Die Grippeimpfung wird ab 60 Jahren jährlich empfohlen. Sie schützt vor schweren Verläufen der Influenza.\n\n" +
    "RAGFlow ist eine Open-Source-Engine für Retrieval-Augmented Generation.";
  form.append("file", new Blob([text]), "wissen.txt");
  const [doc] = (await api(`/datasets/${dataset.id}/documents`, { method: "POST", body: form }, token)).body.data;
  await post(`/datasets/${dataset.id}/chunks`, { document_ids: [doc.id] }, token);
  await waitForDataset(token, dataset.id, 1);
  return dataset.id;
};

const complete = (token, json) => post("/agents/chat/completions", { stream: false, ...json }, token);

// One question (or, in task mode, the inputs); a pause for the user (UserFillUp) is answered once.
const runOnce = async (token, agentId, dsl) => {
  const first = await complete(token, {
    agent_id: agentId,
    question: "Wann wird die Grippeimpfung empfohlen?",
    inputs: inputsFor(dsl),
  });
  if (first.body.code !== 0) return { ok: false, why: `${first.body.code}: ${first.body.message}` };
  let end = first.body.data;
  if (end.event === "user_inputs" || end.data?.inputs) {
    const fields = end.data?.inputs ?? {};
    const answers = Object.fromEntries(
      Object.entries(fields).map(([key, field]) => [key, field.type === "number" ? 3 : "ja"]),
    );
    const resumed = await complete(token, { agent_id: agentId, session_id: end.session_id, inputs: answers });
    if (resumed.body.code !== 0) return { ok: false, why: `resume: ${resumed.body.code}: ${resumed.body.message}` };
    end = resumed.body.data;
  }
  const error = end.data?.error;
  if (error) return { ok: false, why: String(error).slice(0, 160) };
  const content = String(end.data?.content ?? "");
  if (!content.trim()) return { ok: false, why: "empty answer" };
  return { ok: true, why: content.replace(/\s+/g, " ").slice(0, 60) };
};

// An ingestion pipeline (dataflow canvas) runs on a file: the dry run parses a small Markdown document with it.
const PIPELINE_SAMPLE =
  "# Impfungen\n\n## Grippe\n\nDie Grippeimpfung wird ab 60 Jahren jährlich empfohlen.\n\n## Masern\n\nDie MMR-Impfung schützt.";
const dryRun = async (token, agentId) => {
  const form = new FormData();
  form.append("file", new Blob([PIPELINE_SAMPLE]), "impfungen.md");
  const res = await api(`/agents/${agentId}/dataflow/test`, { method: "POST", body: form }, token);
  if (res.body.code !== 0) return { ok: false, why: `${res.body.code}: ${res.body.message}` };
  const run = res.body.data;
  if (run.error) return { ok: false, why: String(run.error).slice(0, 160) };
  const names = run.steps.map((step) => step.component_name).join(" → ");
  return { ok: run.chunk_count > 0, why: `${names}: ${run.chunk_count} chunks` };
};

const openAi = await startOpenAiServer();
const rows = [];
try {
  const token = await register();
  if (!token) throw new Error(`Could not register a user at ${BUDDY_URL}.`);
  await addLocalModels(token, openAi.url, GOOD_KEY, [["chat-model", "chat"]], { defaults: ["chat"] });
  const datasetId = await makeDataset(token);
  const files = git("ls-tree", "--name-only", REF, "agent/templates/")
    .split("\n")
    .filter((path) => path.endsWith(".json"));
  for (const path of files) {
    const name = path
      .split("/")
      .at(-1)
      .replace(/\.json$/, "");
    const file = JSON.parse(git("show", `${REF}:${path}`));
    const dsl = file.dsl ?? file;
    // RAGFlow's template files carry the category beside the DSL (compiler.json is a bare DSL: Buddy infers it)
    const category = file.canvas_category ? { canvas_category: file.canvas_category } : {};
    const imported = await post("/agents", { title: `RAGFlow ${name}`, dsl, ...category }, token);
    if (imported.body.code !== 0) {
      rows.push([name, `no (${imported.body.message})`, "skipped (not imported)"]);
      continue;
    }
    const outside = outsideServicesOf(dsl);
    if (outside.length) {
      rows.push([name, "yes", `skipped (needs ${outside.join(", ")})`]);
      continue;
    }
    const runnable = prepared(dsl, datasetId);
    const updated = await api(
      `/agents/${imported.body.data.id}`,
      { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ dsl: runnable }) },
      token,
    );
    if (updated.body.code !== 0) {
      rows.push([name, "yes", `no (saving the model and knowledge base: ${updated.body.message})`]);
      continue;
    }
    const ran =
      imported.body.data.canvas_category === "dataflow_canvas"
        ? await dryRun(token, imported.body.data.id)
        : await runOnce(token, imported.body.data.id, runnable);
    rows.push([name, "yes", ran.ok ? `yes ("${ran.why}")` : `no (${ran.why})`]);
  }
} finally {
  openAi.server.close();
}

const cell = (text) => String(text).replaceAll("|", "\\|");
console.log(`RAGFlow ${REF} agent/templates against ${BUDDY_URL}\n`);
console.log("| Template | Imported | Ran |\n|---|---|---|");
for (const row of rows) console.log(`| ${row.map(cell).join(" | ")} |`);
const failed = rows.filter(([, , ran]) => ran.startsWith("no"));
process.exitCode = failed.length ? 1 : 0;
