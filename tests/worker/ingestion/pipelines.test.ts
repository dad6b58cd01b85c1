import { describe, expect, it } from "vitest";
import type { Agent, Dsl } from "../../../worker/contract/agents";
import type { DataflowDryRun } from "../../../worker/contract/dataflow";
import type { Dataset } from "../../../worker/contract/datasets";
import type { IngestionLogList } from "../../../worker/contract/ingestion-logs";
import { createAgent, flow } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { useLocalChatModelByDefault } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, type TestUser, textFile } from "../../helpers/worker/factories";

// RAGFlow v0.27's template shapes (agent/templates/*.json): a Parser with per-format keys at the top level, the
// chunker, Extractors chained by {Component:Id@chunks}, a Tokenizer.
const PARSER = {
  markdown: { suffix: ["md", "markdown"], output_format: "json" },
  "text&code": { suffix: ["txt"], output_format: "json" },
  outputs: { json: { type: "Array<object>", value: [] } },
};
const SUMMARY = {
  field_name: "summary",
  llm_id: "",
  sys_prompt: "Act as a precise summarizer.",
  prompts: [{ role: "user", content: "Text to Summarize:\n{TitleChunker:Wide@chunks}" }],
  temperature: 0.1,
  outputs: { chunks: { type: "Array<Object>", value: [] } },
};
const TOKENIZER = { fields: "text", filename_embd_weight: 0.1, search_method: ["embedding", "full_text"] };

const titlePipeline = (extractor = true): Dsl =>
  flow([
    ["File", "File" as never, {}, ["Parser:Hip"]],
    ["Parser:Hip", "Parser" as never, PARSER, ["TitleChunker:Wide"]],
    [
      "TitleChunker:Wide",
      "TitleChunker" as never,
      { method: "hierarchy", hierarchy: 2, include_heading_content: false, levels: [["^#[^#]", "^##[^#]"]] },
      [extractor ? "Extractor:Dry" : "Tokenizer:Wacky"],
    ],
    ...(extractor ? [["Extractor:Dry", "Extractor" as never, SUMMARY, ["Tokenizer:Wacky"]] as const] : []),
    ["Tokenizer:Wacky", "Tokenizer" as never, TOKENIZER],
  ] as never);

const tokenPipeline = (): Dsl =>
  flow([
    ["File", "File" as never, {}, ["Parser:Hip"]],
    ["Parser:Hip", "Parser" as never, PARSER, ["TokenChunker:Bumpy"]],
    [
      "TokenChunker:Bumpy",
      "TokenChunker" as never,
      { chunk_token_size: 512, delimiters: ["`---`"], delimiter_mode: "delimiter", overlapped_percent: 0 },
      ["Tokenizer:Wacky"],
    ],
    ["Tokenizer:Wacky", "Tokenizer" as never, TOKENIZER],
  ]);

const MARKDOWN = [
  "# Impfungen",
  "Allgemeines zu Impfungen.",
  "## Grippe",
  "Die Grippeimpfung wird ab 60 Jahren jährlich empfohlen.",
  "## Masern",
  "Masern schützt die MMR-Impfung.",
].join("\n\n");

const pipeline = (user: TestUser, dsl: Dsl, extra: Record<string, unknown> = {}) =>
  createAgent(user, dsl, `Pipeline ${crypto.randomUUID().slice(0, 8)}`, extra);

const dryRun = async (user: TestUser, agentId: string, file: File) => {
  const form = new FormData();
  form.append("file", file);
  return callApi<DataflowDryRun>(`/agents/${agentId}/dataflow/test`, { token: user.token, body: form });
};

describe("ingestion pipelines (dataflow canvases)", () => {
  it("import with their category, filter by it and refuse mixing agent and pipeline components", async () => {
    const user = await createUser();
    const inferred = await pipeline(user, titlePipeline());
    expect(inferred.canvas_category).toBe("dataflow_canvas");
    const named = await pipeline(user, tokenPipeline(), { canvas_category: "dataflow_canvas" });
    expect(named.canvas_category).toBe("dataflow_canvas");
    const agent = await createAgent(user, flow([["begin", "Begin", {}]]));
    expect(agent.canvas_category).toBe("agent_canvas");

    const list = await callApi<{ canvas: Agent[] }>("/agents?canvas_category=dataflow_canvas", { token: user.token });
    expect(list.body.data.canvas.map((item) => item.id).sort()).toEqual([inferred.id, named.id].sort());

    const mixed = await callApi("/agents", {
      token: user.token,
      json: { title: "gemischt", canvas_category: "agent_canvas", dsl: tokenPipeline() },
    });
    expect(mixed.body.code).not.toBe(0);
    expect(mixed.body.message).toContain("ingestion pipeline component");
    const agentInPipeline = await callApi("/agents", {
      token: user.token,
      json: { title: "falsch", canvas_category: "dataflow_canvas", dsl: flow([["begin", "Begin", {}]]) },
    });
    expect(agentInPipeline.body.message).toContain("Begin: not a component of an ingestion pipeline");
    const changed = await callApi(`/agents/${inferred.id}`, {
      method: "PUT",
      token: user.token,
      json: { canvas_category: "agent_canvas" },
    });
    expect(changed.body.message).toContain("canvas_category cannot be changed");
    const run = await callApi("/agents/chat/completions", {
      token: user.token,
      json: { agent_id: inferred.id, question: "Hallo", stream: false },
    });
    expect(run.body.message).toContain("ingestion pipeline");
  });

  it("datasets take parse_type 2 with a pipeline of their own tenant only", async () => {
    const user = await createUser();
    const other = await createUser();
    const mine = await pipeline(user, tokenPipeline());
    const foreign = await pipeline(other, tokenPipeline());
    const agent = await createAgent(user, flow([["begin", "Begin", {}]]));

    const ds = await createDataset(user, { parse_type: 2, pipeline_id: mine.id });
    expect(ds).toMatchObject({ parse_type: 2, pipeline_id: mine.id });
    const read = await callApi<Dataset[]>(`/datasets?id=${ds.id}`, { token: user.token });
    expect(read.body.data[0]).toMatchObject({ parse_type: 2, pipeline_id: mine.id });

    const refused = async (json: Record<string, unknown>, message: string) => {
      const res = await callApi("/datasets", { token: user.token, json: { name: "x", ...json } });
      expect(res.body.code).not.toBe(0);
      expect(res.body.message).toContain(message);
    };
    await refused({ parse_type: 2, pipeline_id: foreign.id }, `Ingestion pipeline ${foreign.id} not found.`);
    await refused({ parse_type: 2, pipeline_id: agent.id }, "is not an ingestion pipeline");
    await refused({ pipeline_id: mine.id }, "parser_id omitted → required fields missing: parse_type");
    await refused({ parse_type: 2 }, "parser_id omitted → required fields missing: pipeline_id");
    await refused({ chunk_method: "naive", parse_type: 2, pipeline_id: mine.id }, "disallowed fields present");
    await refused({ parse_type: 2, pipeline_id: "abc" }, "pipeline_id must be 32 hex characters");
    await refused({ parse_type: 2, pipeline_id: "z".repeat(32) }, "pipeline_id must be hexadecimal");

    const back = await callApi<Dataset>(`/datasets/${ds.id}`, {
      method: "PUT",
      token: user.token,
      json: { chunk_method: "naive" },
    });
    expect(back.body.data).toMatchObject({ parse_type: 1, pipeline_id: null });
  });

  it("parses a dataset's documents with its pipeline: title chunks, summaries stored and searchable", async () => {
    const user = await createUser();
    await useLocalChatModelByDefault(user);
    const flowAgent = await pipeline(user, titlePipeline());
    const ds = await createDataset(user, { parse_type: 2, pipeline_id: flowAgent.id });
    const docs = await ingest(user, ds.id, [textFile("impfungen.md", MARKDOWN, "text/markdown")]);
    const doc = docs["impfungen.md"];
    expect(doc?.run).toBe("DONE");
    const listed = await callApi<{ chunks: { content: string; id: string }[] }>(
      `/datasets/${ds.id}/documents/${doc?.id}/chunks`,
      { token: user.token },
    );
    // hierarchy 2: one chunk per "##" section, with the "#" section above it (its title and text, as RAGFlow's
    // hierarchy without include_heading_content)
    expect(listed.body.data.chunks.map((chunk) => chunk.content)).toEqual([
      "# Impfungen\nAllgemeines zu Impfungen.\n## Grippe\nDie Grippeimpfung wird ab 60 Jahren jährlich empfohlen.",
      "# Impfungen\nAllgemeines zu Impfungen.\n## Masern\nMasern schützt die MMR-Impfung.",
    ]);
    // the local model answers "Antwort auf: <prompt>": only the summaries hold that word
    const hits = await callApi<{ chunks: { document_id: string; content: string }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Antwort Summarize", dataset_ids: [ds.id], vector_similarity_weight: 0 },
    });
    expect(hits.body.data.chunks.length).toBe(2);
    const logs = await callApi<IngestionLogList>(`/datasets/${ds.id}/ingestions?log_type=file`, {
      token: user.token,
    });
    expect(logs.body.data.logs[0]).toMatchObject({ pipeline_id: flowAgent.id, pipeline_title: flowAgent.title });
  });

  it("a failing component fails the task with its message", async () => {
    const user = await createUser();
    // no chat model: the Extractor cannot run
    const flowAgent = await pipeline(user, titlePipeline());
    const ds = await createDataset(user, { parse_type: 2, pipeline_id: flowAgent.id });
    const docs = await ingest(user, ds.id, [textFile("a.md", MARKDOWN, "text/markdown")]);
    expect(docs["a.md"]?.run).toBe("FAIL");
    expect(docs["a.md"]?.progress_msg).toContain("Extractor: no chat model to use");
  });

  it("dry run answers each component's output and stores nothing", async () => {
    const user = await createUser();
    const flowAgent = await pipeline(user, tokenPipeline());
    const res = await dryRun(user, flowAgent.id, textFile("teile.txt", "Erster Teil---Zweiter Teil---Dritter Teil"));
    expect(res.body.code).toBe(0);
    const run = res.body.data;
    expect(run.error).toBeNull();
    expect(run.steps.map((step) => step.component_name)).toEqual(["File", "Parser", "TokenChunker", "Tokenizer"]);
    expect(run.chunks.map((chunk) => chunk.text)).toEqual(["Erster Teil", "Zweiter Teil", "Dritter Teil"]);
    expect(run.steps.at(-1)?.search_method).toEqual(["embedding", "full_text"]);

    const unknown = await dryRun(user, flowAgent.id, textFile("x.csv", "a,b\n1,2", "text/csv"));
    expect(unknown.body.data.error).toBe("Parser: no setup of this pipeline takes .csv files.");
    const other = await createUser();
    const foreign = await dryRun(other, flowAgent.id, textFile("a.txt", "x"));
    expect(foreign.body.code).not.toBe(0);
  });

  it("a Compiler imports but its run fails with a clear message", async () => {
    const user = await createUser();
    const flowAgent = await pipeline(
      user,
      flow([
        ["File", "File" as never, {}, ["Parser:Hip"]],
        ["Parser:Hip", "Parser" as never, { setups: PARSER }, ["Compiler:Curvy"]],
        ["Compiler:Curvy", "Compiler" as never, { compilation_template_group_id: "", llm_id: "", plan: false }],
      ]),
    );
    const run = (await dryRun(user, flowAgent.id, textFile("a.txt", "Text"))).body.data;
    expect(run.error).toContain("Compiler: Buddy has no compilation template groups");
  });
});
