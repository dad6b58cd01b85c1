import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { GOOD_KEY } from "../../helpers/shared/model-key";
import { MCP_TOKEN } from "../../helpers/shared/mcp-token";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { ask, createSession } from "../../helpers/worker/chat";
import { callApi } from "../../helpers/worker/api";
import {
  createDataset,
  createUser,
  DEFAULT_PASSWORD,
  ingest,
  textFile,
  type TestUser,
} from "../../helpers/worker/factories";
import { newFolder, putFiles } from "../../helpers/worker/files";
import { mcpServerSettings } from "../../helpers/worker/mcp-servers";
import { addLocalModel, LOCAL_PROVIDER } from "../../helpers/worker/models";
import { inTeam, joinTeam, TEAM_HEADER } from "../../helpers/worker/teams";

// Every /api/v1 endpoint, called by six kinds of caller. A new endpoint fails "lists every route" until it
// has a row here. Allowed callers must succeed; everyone else is refused and the database stays as it was.
type Caller = "anonymous" | "wrongToken" | "outsider" | "member" | "admin" | "owner";
const CALLERS: Caller[] = ["anonymous", "wrongToken", "outsider", "member", "admin", "owner"];
const SIGNED_IN: Caller[] = ["outsider", "member", "admin", "owner"];
const TEAM: Caller[] = ["member", "admin", "owner"];
const MANAGERS: Caller[] = ["admin", "owner"];

type Fixture = {
  owner: TestUser;
  member: TestUser;
  admin: TestUser;
  outsider: TestUser;
  datasetId: string;
  documentId: string;
  chunkId: string;
  chatId: string;
  sessionId: string;
  messageId: string;
  shareTokenId: string;
  fileId: string;
  folderId: string;
  agentId: string;
  pipelineId: string;
  taskId: string;
};

type Req = {
  method: string;
  path: string;
  json?: unknown;
  body?: () => BodyInit;
  token?: string | null;
  noTeam?: boolean;
};
// allowed: who succeeds ("public": anyone, signed in or not)
type Row = { route: string; allowed: Caller[] | "public"; req: (fx: Fixture, caller: Caller) => Req | Promise<Req> };

let fx: Fixture;

// a fresh session of the fixture flow, the caller's own when the caller is in the team (a session is its maker's),
// else the owner's
const throwawayAgentSession = async (caller: Caller) => {
  const maker = TEAM.includes(caller) ? credentials(caller) : { token: fx.owner.token };
  const res = await callApi<{ id: string }>(`/agents/${fx.agentId}/sessions`, { ...maker, json: {} });
  return res.body.data.id;
};

// a fresh MCP server of the owner's team (the local MCP test server)
const ownerMcpServer = async () =>
  (
    await callApi<{ id: string }>("/mcp/servers", {
      token: fx.owner.token,
      json: mcpServerSettings(`MCP ${crypto.randomUUID().slice(0, 8)}`),
    })
  ).body.data.id;

// the fixture flow's oldest version (its creation)
const firstVersionId = async () =>
  (await callApi<{ id: string }[]>(`/agents/${fx.agentId}/versions`, { token: fx.owner.token })).body.data.at(-1)?.id;

// a run's message id: of the fixture flow by the owner, or of a flow whose Invoke fails (a 404 of the local test
// site) by the caller when in the team, else by the owner
const runOf = async (agentId: string, maker: { token?: string; headers?: Record<string, string> }) =>
  (
    await callApi<{ message_id: string }>("/agents/chat/completions", {
      ...maker,
      json: { agent_id: agentId, question: "Hallo" },
    })
  ).body.data.message_id;
const ownerRunId = () => runOf(fx.agentId, { token: fx.owner.token });
const failedRunOf = async (caller: Caller) => {
  const failing = flow([
    ["begin", "Begin", {}, ["Invoke:x"]],
    ["Invoke:x", "Invoke", { url: `${env.TEST_SITE_URL}/nowhere` }, []],
  ]);
  const agent = await createAgent(fx.owner, failing, undefined, { permission: "team" });
  return runOf(agent.id, TEAM.includes(caller) ? credentials(caller) : { token: fx.owner.token });
};
// a team flow whose Begin is a webhook, made on first use
let webhookAgent: Promise<string> | undefined;
const webhookAgentId = () => {
  webhookAgent ??= createAgent(
    fx.owner,
    flow([
      [
        "begin",
        "Begin",
        { mode: "Webhook", security: { auth_type: "token", token: { token_value: "x" } } },
        ["Message:m"],
      ],
      ["Message:m", "Message", { content: ["ok"] }],
    ]),
    "Team-Webhook",
    { permission: "team" },
  ).then((agent) => agent.id);
  return webhookAgent;
};

const AGENT_DSL = flow([
  ["begin", "Begin", {}, ["Message:m"]],
  ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
]);

// an ingestion pipeline (dataflow canvas): File → Parser (text) → TokenChunker
const PIPELINE_DSL = flow([
  ["File", "File" as never, {}, ["Parser:p"]],
  [
    "Parser:p",
    "Parser" as never,
    { setups: { "text&code": { suffix: ["txt"], output_format: "text" } } },
    ["TokenChunker:t"],
  ],
  ["TokenChunker:t", "TokenChunker" as never, {}],
]);
const ownerTemplate = async () =>
  (
    await callApi<{ id: string }>("/prompt-templates", {
      token: fx.owner.token,
      json: { name: `Vorlage ${crypto.randomUUID().slice(0, 8)}`, content: "x" },
    })
  ).body.data.id;
const readingFlow = (datasetId: string) =>
  flow([
    ["begin", "Begin", {}, ["Retrieval:kb"]],
    ["Retrieval:kb", "Retrieval", { kb_ids: [datasetId] }, ["Answer:a"]],
    ["Answer:a", "Answer", { content: "{Retrieval:kb@formalized_content}" }, []],
  ]);
// a team flow whose DocGenerator wrote a Markdown file: the path of its download below /api/v1
const generatedAttachment = async () => {
  const agent = await createAgent(
    fx.owner,
    flow([
      ["begin", "Begin", {}, ["DocGenerator:doc"]],
      ["DocGenerator:doc", "DocGenerator", { content: "# Brief", output_format: "markdown" }, []],
    ]),
    undefined,
    { permission: "team" },
  );
  const run = await runAgent(fx.owner, agent.id, { question: "Brief" });
  const outputs = run.body.data.trace.find((entry) => entry.component_id === "DocGenerator:doc")?.outputs;
  return (JSON.parse(String(outputs?.download)) as { url: string }).url.replace("/api/v1", "");
};
const throwawayAgent = async () => (await createAgent(fx.owner, AGENT_DSL, undefined, { permission: "team" })).id;
const throwawayDataset = async () => (await createDataset(fx.owner, { permission: "team" })).id;
const throwawayDocument = async () => {
  const form = new FormData();
  form.append("file", textFile("wegwerf.txt", "Wegwerf"));
  return (await callApi<{ id: string }[]>(`/datasets/${fx.datasetId}/documents`, { token: fx.owner.token, body: form }))
    .body.data[0]?.id as string;
};
// "running" without a queue message, so stopping it is deterministic
const keptRunning: string[] = [];
const runningDocument = async () => {
  const id = await throwawayDocument();
  await env.DB.prepare("UPDATE documents SET run = '1' WHERE id = ?").bind(id).run();
  keptRunning.push(id);
  return id;
};
// an open parsing task of such a document (RAGFlow's /tasks/{id} stop it)
const runningTask = async () => {
  const taskId = crypto.randomUUID().replaceAll("-", "");
  await env.DB.prepare(
    "INSERT INTO tasks (id, document_id, dataset_id, tenant_id, state, create_time) VALUES (?, ?, ?, ?, 'running', ?)",
  )
    .bind(taskId, await runningDocument(), fx.datasetId, fx.owner.id, Date.now())
    .run();
  return taskId;
};
const throwawayChunk = async () =>
  (
    await callApi<{ chunk: { id: string } }>(`/datasets/${fx.datasetId}/documents/${fx.documentId}/chunks`, {
      token: fx.owner.token,
      json: { content: `Wegwerf-Abschnitt ${crypto.randomUUID()}` },
    })
  ).body.data.chunk.id;
const throwawayFile = async () =>
  (await putFiles(fx.owner, [textFile(`wegwerf-${crypto.randomUUID()}.txt`, "x")])).body.data[0]?.id as string;
const throwawaySession = async () => (await createSession(fx.owner, fx.chatId, "Wegwerf")).id;
const throwawayShareToken = async () =>
  (await callApi<{ id: string }>(`/chats/${fx.chatId}/share-tokens`, { token: fx.owner.token, json: {} })).body.data.id;
// a question the owner's assistant found nothing for, asked anew for every caller
const unansweredQuestion = async () => {
  const question = `Quantenchromodynamik ${crypto.randomUUID().slice(0, 8)}`;
  await ask(fx.owner, fx.chatId, { question });
  return question;
};
// the team's search app and one of its share links, made once on first use
let teamSearchId: string | undefined;
const teamSearch = async () =>
  (teamSearchId ??= (
    await callApi<{ search_id: string }>("/searches", {
      token: fx.owner.token,
      json: { name: "Team-Suche", search_config: { kb_ids: [fx.datasetId] } },
    })
  ).body.data.search_id);
const throwawaySearch = async () =>
  (
    await callApi<{ search_id: string }>("/searches", {
      token: fx.owner.token,
      json: { name: `Wegwerf-Suche ${crypto.randomUUID().slice(0, 8)}` },
    })
  ).body.data.search_id;
const searchShareToken = async () =>
  (await callApi<{ id: string }>(`/searches/${await teamSearch()}/share-tokens`, { token: fx.owner.token, json: {} }))
    .body.data.id;
// the owner's team memory with one stored turn, made once on first use; and throwaway ones to delete
let teamMemoryRef: { memoryId: string; messageId: number } | undefined;
const ownerMemory = async () => {
  const memoryId = (
    await callApi<{ id: string }>("/memories", {
      token: fx.owner.token,
      json: { name: `Gedächtnis ${crypto.randomUUID().slice(0, 8)}`, memory_type: ["raw"], embd_id: "e", llm_id: "l" },
    })
  ).body.data.id;
  await callApi(`/memories/${memoryId}`, { method: "PUT", token: fx.owner.token, json: { permissions: "team" } });
  return memoryId;
};
const teamMemory = async () => {
  if (teamMemoryRef) return teamMemoryRef;
  const memoryId = await ownerMemory();
  await callApi("/messages", {
    token: fx.owner.token,
    json: {
      memory_id: [memoryId],
      agent_id: "a",
      session_id: "s",
      user_input: "Grippeimpfung?",
      agent_response: "Ab 60.",
    },
  });
  const listed = await callApi<{ messages: { message_list: { message_id: number }[] } }>(`/memories/${memoryId}`, {
    token: fx.owner.token,
  });
  teamMemoryRef = { memoryId, messageId: listed.body.data.messages.message_list[0]?.message_id ?? 0 };
  return teamMemoryRef;
};
const teamMessage = async () => {
  const { memoryId, messageId } = await teamMemory();
  return `/messages/${memoryId}:${messageId}`;
};
const freshLogin = async (user: TestUser) =>
  (await callApi("/auth/login", { json: { email: user.email, password: DEFAULT_PASSWORD } })).headers.get(
    "Authorization",
  ) as string;
const userOf = (caller: Caller) => (caller === "anonymous" || caller === "wrongToken" ? fx.outsider : fx[caller]);
const form = (field: string, file: File) => () => {
  const data = new FormData();
  data.append(field, file);
  return data;
};

// A fresh test set of the owner's over the team base, with one question; a run of it, finished before the call.
const ownerSet = async () => {
  const set = (
    await callApi<{ id: string }>("/evaluation/sets", {
      token: fx.owner.token,
      json: { name: `Testsatz ${crypto.randomUUID().slice(0, 8)}`, dataset_ids: [fx.datasetId] },
    })
  ).body.data.id;
  const question = (
    await callApi<{ items: { id: string }[] }>(`/evaluation/sets/${set}/questions`, {
      token: fx.owner.token,
      json: { items: [{ question: "Grippeimpfung ab wann?", expected_doc_ids: [fx.documentId] }] },
    })
  ).body.data.items[0]?.id as string;
  return { set, question };
};
const ownerRun = async () => {
  const { set } = await ownerSet();
  const run = (
    await callApi<{ run_id: string }>(`/evaluation/sets/${set}/runs`, { token: fx.owner.token, json: { settings: {} } })
  ).body.data.run_id;
  await settle();
  return run;
};
const setPath = async (path = "") => `/evaluation/sets/${(await ownerSet()).set}${path}`;

const ds = (path = "") => `/datasets/${fx.datasetId}${path}`;
const doc = (path = "") => ds(`/documents/${fx.documentId}${path}`);
const chat = (path = "") => `/chats/${fx.chatId}${path}`;

const ROWS: Row[] = [
  {
    route: "POST /api/v1/auth/login",
    allowed: "public",
    req: () => ({
      method: "POST",
      path: "/auth/login",
      json: { email: fx.outsider.email, password: DEFAULT_PASSWORD },
    }),
  },
  // each caller logs out a fresh session of its own, so the others stay signed in
  {
    route: "POST /api/v1/auth/logout",
    allowed: SIGNED_IN,
    req: async (_, caller) => ({
      method: "POST",
      path: "/auth/logout",
      token: SIGNED_IN.includes(caller) ? await freshLogin(userOf(caller)) : undefined,
      noTeam: true,
    }),
  },
  {
    route: "GET /api/v1/auth/logout",
    allowed: SIGNED_IN,
    req: async (_, caller) => ({
      method: "GET",
      path: "/auth/logout",
      token: SIGNED_IN.includes(caller) ? await freshLogin(userOf(caller)) : undefined,
      noTeam: true,
    }),
  },
  {
    route: "POST /api/v1/users",
    allowed: "public",
    req: () => ({
      method: "POST",
      path: "/users",
      json: { email: `matrix-${crypto.randomUUID()}@buddy.test`, password: DEFAULT_PASSWORD, nickname: "M" },
    }),
  },
  { route: "GET /api/v1/users/me", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/users/me" }) },
  {
    route: "PATCH /api/v1/users/me",
    allowed: SIGNED_IN,
    req: () => ({ method: "PATCH", path: "/users/me", json: { timezone: "Europe/Berlin" } }),
  },
  {
    route: "PUT /api/v1/users/me",
    allowed: SIGNED_IN,
    req: () => ({ method: "PUT", path: "/users/me", json: { timezone: "Europe/Berlin" } }),
  },
  {
    route: "POST /api/v1/users/me/password",
    allowed: SIGNED_IN,
    req: () => ({
      method: "POST",
      path: "/users/me/password",
      json: { password: DEFAULT_PASSWORD, new_password: DEFAULT_PASSWORD, confirm_password: DEFAULT_PASSWORD },
    }),
  },

  {
    route: "GET /api/v1/datasets/:datasetId/documents/:documentId/chunks",
    allowed: TEAM,
    req: () => ({ method: "GET", path: doc("/chunks") }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/documents/:documentId/chunks",
    allowed: TEAM,
    req: () => ({ method: "POST", path: doc("/chunks"), json: { content: `Neuer Abschnitt ${crypto.randomUUID()}` } }),
  },
  {
    route: "PATCH /api/v1/datasets/:datasetId/documents/:documentId/chunks",
    allowed: TEAM,
    req: () => ({ method: "PATCH", path: doc("/chunks"), json: { chunk_ids: [fx.chunkId], available: true } }),
  },
  {
    route: "DELETE /api/v1/datasets/:datasetId/documents/:documentId/chunks",
    allowed: TEAM,
    req: async () => ({ method: "DELETE", path: doc("/chunks"), json: { chunk_ids: [await throwawayChunk()] } }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/documents/:documentId/chunks/:chunkId",
    allowed: TEAM,
    req: () => ({ method: "GET", path: doc(`/chunks/${fx.chunkId}`) }),
  },
  {
    route: "PATCH /api/v1/datasets/:datasetId/documents/:documentId/chunks/:chunkId",
    allowed: TEAM,
    req: () => ({ method: "PATCH", path: doc(`/chunks/${fx.chunkId}`), json: { important_keywords: ["Grippe"] } }),
  },
  {
    route: "PUT /api/v1/datasets/:datasetId/documents/:documentId/chunks/:chunkId",
    allowed: TEAM,
    req: () => ({ method: "PUT", path: doc(`/chunks/${fx.chunkId}`), json: { important_keywords: ["Grippe"] } }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/documents/parse",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: ds("/documents/parse"),
      json: { document_ids: [await throwawayDocument()] },
    }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/documents/stop",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: ds("/documents/stop"),
      json: { document_ids: [await runningDocument()] },
    }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/documents",
    allowed: TEAM,
    req: () => ({ method: "POST", path: ds("/documents"), body: form("file", textFile("neu.txt", "Neu")) }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/documents",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/documents") }),
  },
  {
    route: "DELETE /api/v1/datasets/:datasetId/documents",
    allowed: TEAM,
    req: async () => ({ method: "DELETE", path: ds("/documents"), json: { ids: [await throwawayDocument()] } }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/documents/:documentId",
    allowed: TEAM,
    req: () => ({ method: "GET", path: doc() }),
  },
  {
    route: "PATCH /api/v1/datasets/:datasetId/documents/:documentId",
    allowed: TEAM,
    req: () => ({ method: "PATCH", path: doc(), json: { meta_fields: { quelle: "RKI" } } }),
  },
  {
    route: "PUT /api/v1/datasets/:datasetId/documents/:documentId",
    allowed: TEAM,
    req: () => ({ method: "PUT", path: doc(), json: { meta_fields: { quelle: "RKI" } } }),
  },
  {
    route: "POST /api/v1/datasets",
    allowed: SIGNED_IN,
    req: () => ({ method: "POST", path: "/datasets", json: { name: `kb-${crypto.randomUUID().slice(0, 8)}` } }),
  },
  { route: "GET /api/v1/datasets", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/datasets" }) },
  {
    route: "DELETE /api/v1/datasets",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: "/datasets", json: { ids: [await throwawayDataset()] } }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/chunks",
    allowed: TEAM,
    req: async () => ({ method: "POST", path: ds("/chunks"), json: { document_ids: [await throwawayDocument()] } }),
  },
  {
    route: "DELETE /api/v1/datasets/:datasetId/chunks",
    allowed: TEAM,
    req: async () => ({ method: "DELETE", path: ds("/chunks"), json: { document_ids: [await runningDocument()] } }),
  },
  { route: "GET /api/v1/datasets/:datasetId", allowed: TEAM, req: () => ({ method: "GET", path: ds() }) },
  {
    route: "PUT /api/v1/datasets/:datasetId",
    allowed: MANAGERS,
    req: () => ({ method: "PUT", path: ds(), json: { description: `geändert ${Date.now()}` } }),
  },
  {
    route: "GET /api/v1/datasets/tags/aggregation",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/datasets/tags/aggregation?dataset_ids=${fx.datasetId}` }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/index",
    allowed: MANAGERS,
    req: async () => ({ method: "POST", path: `/datasets/${await indexDataset()}/index?type=raptor` }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/index",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/index?type=raptor") }),
  },
  {
    route: "DELETE /api/v1/datasets/:datasetId/index",
    allowed: MANAGERS,
    req: () => ({ method: "DELETE", path: ds("/index?type=raptor") }),
  },
  {
    route: "DELETE /api/v1/datasets/:datasetId/:indexType",
    allowed: MANAGERS,
    req: () => ({ method: "DELETE", path: ds("/mindmap") }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/run_raptor",
    allowed: MANAGERS,
    req: async () => ({ method: "POST", path: `/datasets/${await indexDataset()}/run_raptor` }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/trace_raptor",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/trace_raptor") }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/run_graphrag",
    allowed: MANAGERS,
    req: async () => ({ method: "POST", path: `/datasets/${await indexDataset()}/run_graphrag` }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/trace_graphrag",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/trace_graphrag") }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/run_mindmap",
    allowed: MANAGERS,
    req: async () => ({ method: "POST", path: `/datasets/${await indexDataset()}/run_mindmap` }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/trace_mindmap",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/trace_mindmap") }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/search",
    allowed: TEAM,
    req: () => ({ method: "POST", path: ds("/search"), json: { question: "Grippe" } }),
  },
  {
    route: "POST /api/v1/datasets/search",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/datasets/search",
      json: { question: "Grippe", dataset_ids: [fx.datasetId] },
    }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/embedding/check",
    allowed: TEAM,
    req: () => ({ method: "POST", path: ds("/embedding/check"), json: { embd_id: "builtin-hash@Builtin" } }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/ingestions",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/ingestions?log_type=file") }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/ingestions/summary",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/ingestions/summary") }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/ingestions/:logId",
    allowed: TEAM,
    req: async () => {
      const log = await env.DB.prepare("SELECT id FROM ingestion_logs WHERE dataset_id = ? LIMIT 1")
        .bind(fx.datasetId)
        .first<{ id: string }>();
      return { method: "GET", path: ds(`/ingestions/${log?.id}`) };
    },
  },
  {
    route: "GET /api/v1/datasets/:datasetId/metadata/config",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/metadata/config") }),
  },
  {
    route: "PUT /api/v1/datasets/:datasetId/metadata/config",
    allowed: MANAGERS,
    req: () => ({ method: "PUT", path: ds("/metadata/config"), json: { metadata: [{ key: "Autor" }] } }),
  },
  {
    route: "GET /api/v1/datasets/metadata/flattened",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/datasets/metadata/flattened?dataset_ids=${fx.datasetId}` }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/metadata/summary",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/metadata/summary") }),
  },
  {
    route: "POST /api/v1/datasets/:datasetId/metadata/update",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: ds("/metadata/update"),
      json: { updates: [{ key: "Stand", value: `${Date.now()}` }] },
    }),
  },
  {
    route: "PATCH /api/v1/datasets/:datasetId/documents/metadatas",
    allowed: TEAM,
    req: () => ({
      method: "PATCH",
      path: ds("/documents/metadatas"),
      json: { updates: [{ key: "Stand", value: `${Date.now()}` }] },
    }),
  },
  {
    route: "GET /api/v1/datasets/:datasetId/knowledge_graph",
    allowed: TEAM,
    req: () => ({ method: "GET", path: ds("/knowledge_graph") }),
  },
  {
    route: "DELETE /api/v1/datasets/:datasetId/knowledge_graph",
    allowed: MANAGERS,
    req: () => ({ method: "DELETE", path: ds("/knowledge_graph") }),
  },
  { route: "GET /api/v1/datasets/:datasetId/graph", allowed: TEAM, req: () => ({ method: "GET", path: ds("/graph") }) },
  {
    route: "DELETE /api/v1/datasets/:datasetId/graph",
    allowed: MANAGERS,
    req: () => ({ method: "DELETE", path: ds("/graph") }),
  },
  { route: "GET /api/v1/datasets/:datasetId/tags", allowed: TEAM, req: () => ({ method: "GET", path: ds("/tags") }) },
  {
    route: "PUT /api/v1/datasets/:datasetId/tags",
    allowed: MANAGERS,
    req: () => ({ method: "PUT", path: ds("/tags"), json: { from_tag: "alt", to_tag: "neu" } }),
  },
  {
    route: "DELETE /api/v1/datasets/:datasetId/tags",
    allowed: MANAGERS,
    req: () => ({ method: "DELETE", path: ds("/tags"), json: { tags: ["alt"] } }),
  },
  {
    route: "POST /api/v1/retrieval",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/retrieval",
      json: { question: "Grippeimpfung", dataset_ids: [fx.datasetId] },
    }),
  },
  {
    route: "POST /api/v1/dify/retrieval",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/dify/retrieval",
      json: { knowledge_id: fx.datasetId, query: "Grippeimpfung" },
    }),
  },

  { route: "GET /api/v1/files", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/files" }) },
  {
    route: "POST /api/v1/files",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/files",
      body: () => {
        const data = new FormData();
        data.append("parent_id", fx.folderId);
        data.append("file", textFile(`n-${crypto.randomUUID()}.txt`, "n"));
        return data;
      },
    }),
  },
  {
    route: "DELETE /api/v1/files",
    allowed: TEAM,
    req: async () => ({ method: "DELETE", path: "/files", json: { ids: [await throwawayFile()] } }),
  },
  {
    route: "POST /api/v1/files/move",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: "/files/move",
      json: { src_file_ids: [await throwawayFile()], dest_file_id: fx.folderId },
    }),
  },
  {
    route: "POST /api/v1/files/link-to-datasets",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: "/files/link-to-datasets",
      json: { file_ids: [await throwawayFile()], kb_ids: [fx.datasetId] },
    }),
  },
  {
    route: "POST /api/v1/files/import/web",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/files/import/web",
      json: { url: `${env.TEST_SITE_URL}/`, parent_id: fx.folderId },
    }),
  },
  {
    route: "POST /api/v1/files/import/s3/list",
    allowed: SIGNED_IN,
    req: () => ({ method: "POST", path: "/files/import/s3/list", json: s3() }),
  },
  {
    route: "POST /api/v1/files/import/s3",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/files/import/s3",
      json: { ...s3(), parent_id: fx.folderId, keys: ["welcome.txt"] },
    }),
  },
  {
    route: "GET /api/v1/files/:fileId/parent",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/files/${fx.fileId}/parent` }),
  },
  {
    route: "GET /api/v1/files/:fileId/ancestors",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/files/${fx.fileId}/ancestors` }),
  },
  { route: "GET /api/v1/files/:fileId", allowed: TEAM, req: () => ({ method: "GET", path: `/files/${fx.fileId}` }) },

  {
    route: "POST /api/v1/chats",
    allowed: SIGNED_IN,
    req: () => ({ method: "POST", path: "/chats", json: { name: `a-${crypto.randomUUID().slice(0, 8)}` } }),
  },
  { route: "GET /api/v1/chats", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/chats" }) },
  {
    route: "DELETE /api/v1/chats",
    allowed: ["owner"],
    req: async () => ({
      method: "DELETE",
      path: "/chats",
      json: {
        ids: [
          (
            await callApi<{ id: string }>("/chats", {
              token: fx.owner.token,
              json: { name: `w-${crypto.randomUUID().slice(0, 8)}` },
            })
          ).body.data.id,
        ],
      },
    }),
  },
  { route: "GET /api/v1/chats/:chatId", allowed: ["owner"], req: () => ({ method: "GET", path: chat() }) },
  {
    route: "PUT /api/v1/chats/:chatId",
    allowed: ["owner"],
    req: () => ({ method: "PUT", path: chat(), json: { name: "Berater", description: "geändert" } }),
  },
  {
    route: "PATCH /api/v1/chats/:chatId",
    allowed: ["owner"],
    req: () => ({ method: "PATCH", path: chat(), json: { description: "geändert" } }),
  },
  {
    route: "DELETE /api/v1/chats/:chatId",
    allowed: ["owner"],
    req: async () => ({
      method: "DELETE",
      path: `/chats/${(await callApi<{ id: string }>("/chats", { token: fx.owner.token, json: { name: `w-${crypto.randomUUID().slice(0, 8)}` } })).body.data.id}`,
    }),
  },
  {
    route: "POST /api/v1/chats/:chatId/sessions",
    allowed: ["owner"],
    req: () => ({ method: "POST", path: chat("/sessions"), json: { name: "Neu" } }),
  },
  {
    route: "GET /api/v1/chats/:chatId/sessions",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: chat("/sessions") }),
  },
  {
    route: "DELETE /api/v1/chats/:chatId/sessions",
    allowed: ["owner"],
    req: async () => ({ method: "DELETE", path: chat("/sessions"), json: { ids: [await throwawaySession()] } }),
  },
  {
    route: "GET /api/v1/chats/:chatId/sessions/:sessionId",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: chat(`/sessions/${fx.sessionId}`) }),
  },
  {
    route: "PATCH /api/v1/chats/:chatId/sessions/:sessionId",
    allowed: ["owner"],
    req: () => ({ method: "PATCH", path: chat(`/sessions/${fx.sessionId}`), json: { name: "Umbenannt" } }),
  },
  {
    route: "PUT /api/v1/chats/:chatId/sessions/:sessionId",
    allowed: ["owner"],
    req: () => ({ method: "PUT", path: chat(`/sessions/${fx.sessionId}`), json: { name: "Umbenannt" } }),
  },
  {
    route: "DELETE /api/v1/chats/:chatId/sessions/:sessionId/messages/:messageId",
    allowed: ["owner"],
    req: async () => {
      const answer = (await ask(fx.owner, fx.chatId, { question: "Wegwerf-Frage?" })).body.data;
      return { method: "DELETE", path: chat(`/sessions/${answer.session_id}/messages/${answer.id}`) };
    },
  },
  {
    route: "PUT /api/v1/chats/:chatId/sessions/:sessionId/messages/:messageId/feedback",
    allowed: ["owner"],
    req: () => ({
      method: "PUT",
      path: chat(`/sessions/${fx.sessionId}/messages/${fx.messageId}/feedback`),
      json: { thumbup: true },
    }),
  },
  {
    route: "POST /api/v1/chats/:chatId/completions",
    allowed: ["owner"],
    req: () => ({ method: "POST", path: chat("/completions"), json: { question: "Grippeimpfung?", stream: false } }),
  },
  {
    route: "GET /api/v1/chats/:chatId/stats",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: chat("/stats") }),
  },
  {
    route: "GET /api/v1/chats/:chatId/export",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: chat("/export") }),
  },
  {
    route: "GET /api/v1/chats/:chatId/share-tokens",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: chat("/share-tokens") }),
  },
  {
    route: "POST /api/v1/chats/:chatId/share-tokens",
    allowed: ["owner"],
    req: () => ({ method: "POST", path: chat("/share-tokens"), json: {} }),
  },
  {
    route: "PATCH /api/v1/chats/:chatId/share-tokens/:tokenId",
    allowed: ["owner"],
    req: () => ({ method: "PATCH", path: chat(`/share-tokens/${fx.shareTokenId}`), json: { name: "Website" } }),
  },
  {
    route: "DELETE /api/v1/chats/:chatId/share-tokens/:tokenId",
    allowed: ["owner"],
    req: async () => ({ method: "DELETE", path: chat(`/share-tokens/${await throwawayShareToken()}`) }),
  },
  {
    route: "POST /api/v1/chat/completions",
    allowed: [],
    req: () => ({ method: "POST", path: "/chat/completions", json: { question: "x" } }),
  },
  {
    route: "POST /api/v1/chat/mindmap",
    allowed: TEAM,
    req: () => ({ method: "POST", path: "/chat/mindmap", json: { question: "Grippeimpfung", kb_ids: [fx.datasetId] } }),
  },
  {
    route: "POST /api/v1/chat/recommendation",
    allowed: SIGNED_IN,
    req: () => ({ method: "POST", path: "/chat/recommendation", json: { question: "Grippeimpfung" } }),
  },
  {
    route: "POST /api/v1/chat/audio/speech",
    allowed: [],
    req: () => ({ method: "POST", path: "/chat/audio/speech", json: { text: "Hallo" } }),
  },
  {
    route: "POST /api/v1/chat/audio/transcription",
    allowed: [],
    req: () => ({
      method: "POST",
      path: "/chat/audio/transcription",
      body: form("file", new File([new Uint8Array(64)], "a.wav", { type: "audio/wav" })),
    }),
  },
  {
    route: "POST /api/v1/openai/:chatId/chat/completions",
    allowed: ["owner"],
    req: () => ({
      method: "POST",
      path: `/openai/${fx.chatId}/chat/completions`,
      json: { model: "buddy", messages: [{ role: "user", content: "Grippeimpfung?" }], stream: false },
    }),
  },
  {
    route: "POST /api/v1/chats_openai/:chatId/chat/completions",
    allowed: ["owner"],
    req: () => ({
      method: "POST",
      path: `/chats_openai/${fx.chatId}/chat/completions`,
      json: { model: "buddy", messages: [{ role: "user", content: "Grippeimpfung?" }], stream: false },
    }),
  },

  {
    route: "GET /api/v1/agents/templates",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/agents/templates" }),
  },
  {
    route: "GET /api/v1/agents/prompts",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/agents/prompts" }),
  },
  {
    route: "POST /api/v1/agents/chat/completions",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/agents/chat/completions",
      json: { agent_id: fx.agentId, question: "Hallo" },
    }),
  },
  {
    route: "PUT /api/v1/agents/tasks/:taskId/cancel",
    allowed: ["owner"],
    req: () => ({ method: "PUT", path: `/agents/tasks/${fx.taskId}/cancel` }),
  },
  { route: "GET /api/v1/agents", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/agents" }) },
  {
    route: "POST /api/v1/agents",
    allowed: SIGNED_IN,
    req: () => ({
      method: "POST",
      path: "/agents",
      json: { title: `b-${crypto.randomUUID().slice(0, 8)}`, dsl: AGENT_DSL },
    }),
  },
  {
    route: "GET /api/v1/agents/:agentId",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}` }),
  },
  {
    route: "PUT /api/v1/agents/:agentId",
    allowed: MANAGERS,
    req: () => ({ method: "PUT", path: `/agents/${fx.agentId}`, json: { description: `geändert ${Date.now()}` } }),
  },
  {
    route: "DELETE /api/v1/agents/:agentId",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: `/agents/${await throwawayAgent()}` }),
  },
  {
    route: "POST /api/v1/agents/:agentId/duplicate",
    allowed: TEAM,
    req: () => ({ method: "POST", path: `/agents/${fx.agentId}/duplicate` }),
  },
  {
    route: "POST /api/v1/agents/:agentId/completions",
    allowed: TEAM,
    req: () => ({ method: "POST", path: `/agents/${fx.agentId}/completions`, json: { question: "Hallo" } }),
  },
  {
    route: "GET /api/v1/agents/:agentId/share-tokens",
    allowed: MANAGERS,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}/share-tokens` }),
  },
  {
    route: "POST /api/v1/agents/:agentId/share-tokens",
    allowed: MANAGERS,
    req: () => ({ method: "POST", path: `/agents/${fx.agentId}/share-tokens`, json: {} }),
  },
  {
    route: "DELETE /api/v1/agents/:agentId/share-tokens/:tokenId",
    allowed: MANAGERS,
    req: async () => ({
      method: "DELETE",
      path: `/agents/${fx.agentId}/share-tokens/${(await callApi<{ id: string }>(`/agents/${fx.agentId}/share-tokens`, { token: fx.owner.token, json: {} })).body.data.id}`,
    }),
  },
  {
    route: "POST /api/v1/agents/:agentId/upload",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: `/agents/${fx.agentId}/upload`,
      body: form("file", textFile("eingabe.txt", "Meine Frage")),
    }),
  },
  {
    route: "POST /api/v1/agents/:agentId/dataflow/test",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: `/agents/${fx.pipelineId}/dataflow/test`,
      body: form("file", textFile("probe.txt", "Ein Satz zum Zerteilen.")),
    }),
  },
  {
    route: "POST /api/v1/agents/:agentId/sessions",
    allowed: TEAM,
    req: () => ({ method: "POST", path: `/agents/${fx.agentId}/sessions` }),
  },
  {
    route: "GET /api/v1/agents/:agentId/sessions",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}/sessions` }),
  },
  {
    route: "GET /api/v1/agents/:agentId/sessions/:sessionId",
    allowed: TEAM,
    req: async (_, caller) => ({
      method: "GET",
      path: `/agents/${fx.agentId}/sessions/${await throwawayAgentSession(caller)}`,
    }),
  },
  {
    route: "DELETE /api/v1/agents/:agentId/sessions/:sessionId",
    allowed: TEAM,
    req: async (_, caller) => ({
      method: "DELETE",
      path: `/agents/${fx.agentId}/sessions/${await throwawayAgentSession(caller)}`,
    }),
  },
  {
    // the fixture has no figure: every caller is refused here (tests/worker/routes/document-images-and-artifacts
    // covers a member reading one)
    route: "GET /api/v1/documents/images/:imageId",
    allowed: [],
    req: () => ({ method: "GET", path: `/documents/images/${fx.datasetId}-${fx.documentId}-1-0` }),
  },
  {
    // Buddy's components write no artifacts: every caller is refused
    route: "GET /api/v1/documents/artifact/:filename",
    allowed: [],
    req: () => ({ method: "GET", path: "/documents/artifact/report.pdf" }),
  },
  {
    route: "DELETE /api/v1/agents/:agentId/sessions",
    allowed: TEAM,
    req: () => ({ method: "DELETE", path: `/agents/${fx.agentId}/sessions`, json: { delete_all: true } }),
  },
  {
    route: "POST /api/v1/agents_openai/:agentId/chat/completions",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: `/agents_openai/${fx.agentId}/chat/completions`,
      json: { model: "buddy", messages: [{ role: "user", content: "Hallo" }] },
    }),
  },
  {
    route: "GET /api/v1/agents/:agentId/versions",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}/versions` }),
  },
  {
    route: "GET /api/v1/agents/:agentId/versions/:versionId",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/agents/${fx.agentId}/versions/${await firstVersionId()}` }),
  },
  {
    route: "POST /api/v1/agents/:agentId/versions/:versionId/restore",
    allowed: MANAGERS,
    req: async () => ({ method: "POST", path: `/agents/${fx.agentId}/versions/${await firstVersionId()}/restore` }),
  },
  {
    route: "GET /api/v1/agents/:agentId/schedule",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}/schedule` }),
  },
  {
    route: "PUT /api/v1/agents/:agentId/schedule",
    allowed: MANAGERS,
    req: () => ({ method: "PUT", path: `/agents/${fx.agentId}/schedule`, json: { cron: "0 3 * * *", enabled: false } }),
  },
  {
    route: "DELETE /api/v1/agents/:agentId/schedule",
    allowed: MANAGERS,
    req: () => ({ method: "DELETE", path: `/agents/${fx.agentId}/schedule` }),
  },
  {
    route: "GET /api/v1/agents/:agentId/attachments/:docId/:filename",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: await generatedAttachment() }),
  },
  {
    route: "GET /api/v1/agents/:agentId/webhook/logs",
    allowed: MANAGERS,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}/webhook/logs` }),
  },
  {
    route: "GET /api/v1/agents/:agentId/logs",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}/logs` }),
  },
  // the owner's run: for those who may edit the flow
  {
    route: "GET /api/v1/agents/:agentId/logs/:messageId",
    allowed: MANAGERS,
    req: async () => ({ method: "GET", path: `/agents/${fx.agentId}/logs/${await ownerRunId()}` }),
  },
  // only whoever ran it reruns a run
  {
    route: "POST /api/v1/agents/rerun",
    allowed: TEAM,
    req: async (_fx, caller) => ({ method: "POST", path: "/agents/rerun", json: { id: await failedRunOf(caller) } }),
  },
  {
    route: "GET /api/v1/agents/:agentId/components/:componentId/input-form",
    allowed: MANAGERS,
    req: () => ({ method: "GET", path: `/agents/${fx.agentId}/components/Message:m/input-form` }),
  },
  {
    route: "POST /api/v1/agents/:agentId/components/:componentId/debug",
    allowed: MANAGERS,
    req: () => ({
      method: "POST",
      path: `/agents/${fx.agentId}/components/Message:m/debug`,
      json: { params: { "sys.query": { value: "Hallo" } } },
    }),
  },
  // the editor's test call of a team flow's webhook: answered at once (200, no body), so it succeeds for managers
  ...["GET", "POST", "PUT", "PATCH", "DELETE"].map(
    (method): Row => ({
      route: `${method} /api/v1/agents/:agentId/webhook/test`,
      allowed: MANAGERS,
      req: async () => ({ method, path: `/agents/${await webhookAgentId()}/webhook/test` }),
    }),
  ),

  // an outsider works in their own team, where they manage its MCP servers
  { route: "GET /api/v1/mcp/servers", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/mcp/servers" }) },
  {
    route: "POST /api/v1/mcp/servers",
    allowed: ["outsider", ...MANAGERS],
    req: (_fx, caller) => ({
      method: "POST",
      path: "/mcp/servers",
      json: mcpServerSettings(`MCP ${caller} ${crypto.randomUUID().slice(0, 8)}`),
    }),
  },
  {
    route: "POST /api/v1/mcp/servers/import",
    allowed: ["outsider", ...MANAGERS],
    req: (_fx, caller) => ({
      method: "POST",
      path: "/mcp/servers/import",
      json: {
        mcpServers: {
          [`Import ${caller}`]: {
            type: "streamable-http",
            url: `${env.TEST_MCP_SERVER_URL}/mcp`,
            authorization_token: MCP_TOKEN,
          },
        },
      },
    }),
  },
  {
    route: "GET /api/v1/mcp/servers/:mcpId",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/mcp/servers/${await ownerMcpServer()}` }),
  },
  {
    route: "PUT /api/v1/mcp/servers/:mcpId",
    allowed: MANAGERS,
    req: async () => ({
      method: "PUT",
      path: `/mcp/servers/${await ownerMcpServer()}`,
      json: { description: "geändert" },
    }),
  },
  {
    route: "DELETE /api/v1/mcp/servers/:mcpId",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: `/mcp/servers/${await ownerMcpServer()}` }),
  },
  {
    route: "POST /api/v1/mcp/servers/:mcpId/test",
    allowed: MANAGERS,
    req: async () => ({ method: "POST", path: `/mcp/servers/${await ownerMcpServer()}/test`, json: {} }),
  },

  { route: "GET /api/v1/models", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/models" }) },
  { route: "GET /api/v1/models/default", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/models/default" }) },
  {
    route: "PATCH /api/v1/models/default",
    allowed: ["outsider", ...MANAGERS],
    req: () => ({ method: "PATCH", path: "/models/default", json: { model_type: "chat" } }),
  },
  {
    route: "GET /api/v1/users/me/models",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/users/me/models" }),
  },
  { route: "GET /api/v1/providers", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/providers" }) },
  {
    route: "PUT /api/v1/providers",
    allowed: ["outsider", ...MANAGERS],
    // each caller adds a provider of its own, so that one success does not make the next a duplicate
    req: (_fx, caller) => ({ method: "PUT", path: "/providers", json: { provider_name: PROVIDER_OF[caller] } }),
  },
  {
    route: "GET /api/v1/providers/:provider",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/providers/OpenAI" }),
  },
  {
    route: "DELETE /api/v1/providers/:provider",
    allowed: MANAGERS,
    req: async () => {
      await callApi("/providers", { method: "PUT", token: fx.owner.token, json: { provider_name: "Jina" } });
      return { method: "DELETE", path: "/providers/Jina" };
    },
  },
  {
    route: "GET /api/v1/providers/:provider/models",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/providers/OpenAI/models" }),
  },
  {
    route: "GET /api/v1/providers/:provider/models/:model{.+}",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/providers/SILICONFLOW/models/BAAI/bge-m3" }),
  },
  {
    route: "POST /api/v1/providers/:provider/connection",
    allowed: ["outsider", ...MANAGERS],
    req: () => ({
      method: "POST",
      path: `${LOCAL}/connection`,
      json: { ...connection(), model_info: [{ model_name: "chat-model", model_type: "chat" }] },
    }),
  },
  {
    route: "GET /api/v1/providers/:provider/instances",
    allowed: TEAM,
    req: async () => {
      await ownerModel();
      return { method: "GET", path: `${LOCAL}/instances` };
    },
  },
  {
    route: "POST /api/v1/providers/:provider/instances",
    allowed: MANAGERS,
    req: async () => {
      await ownerModel();
      return { method: "POST", path: `${LOCAL}/instances`, json: { ...connection(), instance_name: tmpName() } };
    },
  },
  {
    route: "DELETE /api/v1/providers/:provider/instances",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: `${LOCAL}/instances`, json: { instances: [await ownerInstance()] } }),
  },
  {
    route: "GET /api/v1/providers/:provider/instances/:instance",
    allowed: TEAM,
    req: async () => {
      await ownerModel();
      return { method: "GET", path: `${LOCAL}/instances/main` };
    },
  },
  {
    route: "PUT /api/v1/providers/:provider/instances/:instance",
    allowed: MANAGERS,
    req: async () => {
      const name = await ownerInstance();
      return { method: "PUT", path: `${LOCAL}/instances/${name}`, json: { ...connection(), instance_name: name } };
    },
  },
  {
    route: "GET /api/v1/providers/:provider/instances/:instance/models",
    allowed: TEAM,
    req: async () => {
      await ownerModel();
      return { method: "GET", path: `${LOCAL}/instances/main/models` };
    },
  },
  {
    route: "POST /api/v1/providers/:provider/instances/:instance/models",
    allowed: MANAGERS,
    req: async () => {
      await ownerModel();
      return {
        method: "POST",
        path: `${LOCAL}/instances/main/models`,
        json: { model_name: tmpName(), model_type: "chat" },
      };
    },
  },
  {
    route: "DELETE /api/v1/providers/:provider/instances/:instance/models",
    allowed: MANAGERS,
    req: async () => {
      const name = tmpName();
      await ownerModel(name);
      return { method: "DELETE", path: `${LOCAL}/instances/main/models`, json: { model_name: [name] } };
    },
  },
  {
    route: "PATCH /api/v1/providers/:provider/instances/:instance/models/:model{.+}",
    allowed: MANAGERS,
    req: async () => {
      await ownerModel();
      return { method: "PATCH", path: `${LOCAL}/instances/main/models/chat-model`, json: { max_tokens: 4096 } };
    },
  },

  { route: "GET /api/v1/tenants", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/tenants", noTeam: true }) },
  {
    route: "GET /api/v1/tenants/:tenantId/users",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/tenants/${fx.owner.id}/users`, noTeam: true }),
  },
  {
    route: "POST /api/v1/tenants/:tenantId/users",
    allowed: MANAGERS,
    req: async () => ({
      method: "POST",
      path: `/tenants/${fx.owner.id}/users`,
      json: { email: (await createUser()).email },
      noTeam: true,
    }),
  },
  {
    route: "PUT /api/v1/tenants/:tenantId/agree",
    allowed: [],
    req: () => ({ method: "PUT", path: `/tenants/${fx.owner.id}/agree`, noTeam: true }),
  },
  {
    route: "PATCH /api/v1/tenants/:tenantId/users/:userId",
    allowed: ["owner"],
    req: () => ({
      method: "PATCH",
      path: `/tenants/${fx.owner.id}/users/${fx.member.id}`,
      json: { role: "normal" },
      noTeam: true,
    }),
  },
  {
    route: "DELETE /api/v1/tenants/:tenantId/users/:userId",
    allowed: MANAGERS,
    req: async () => {
      const leaving = await createUser();
      await joinTeam(fx.owner, leaving);
      return { method: "DELETE", path: `/tenants/${fx.owner.id}/users/${leaving.id}`, noTeam: true };
    },
  },

  {
    route: "GET /api/v1/evaluation/feedback",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: `/evaluation/feedback?chat_id=${fx.chatId}&rated=false` }),
  },
  {
    route: "GET /api/v1/evaluation/feedback/export",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: `/evaluation/feedback/export?chat_id=${fx.chatId}&format=json` }),
  },
  {
    route: "GET /api/v1/evaluation/conversations/:conversationId",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: `/evaluation/conversations/${fx.sessionId}` }),
  },
  {
    route: "GET /api/v1/evaluation/unanswered",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: `/evaluation/unanswered?chat_id=${fx.chatId}` }),
  },
  {
    route: "POST /api/v1/evaluation/unanswered/resolve",
    allowed: ["owner"],
    req: async () => ({
      method: "POST",
      path: "/evaluation/unanswered/resolve",
      json: { question: await unansweredQuestion(), chunk_id: fx.chunkId },
    }),
  },
  {
    route: "GET /api/v1/evaluation/stats",
    allowed: ["owner"],
    req: () => ({ method: "GET", path: `/evaluation/stats?chat_id=${fx.chatId}` }),
  },

  {
    route: "GET /api/v1/evaluation/sets",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/evaluation/sets" }),
  },
  {
    route: "POST /api/v1/evaluation/sets",
    allowed: TEAM,
    req: () => ({
      method: "POST",
      path: "/evaluation/sets",
      json: { name: `Testsatz ${crypto.randomUUID().slice(0, 8)}`, dataset_ids: [fx.datasetId] },
    }),
  },
  {
    route: "GET /api/v1/evaluation/sets/:setId",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: await setPath() }),
  },
  {
    route: "PUT /api/v1/evaluation/sets/:setId",
    allowed: MANAGERS,
    req: async () => ({ method: "PUT", path: await setPath(), json: { description: "geändert" } }),
  },
  {
    route: "DELETE /api/v1/evaluation/sets/:setId",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: await setPath() }),
  },
  {
    route: "GET /api/v1/evaluation/sets/:setId/questions",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: await setPath("/questions") }),
  },
  {
    route: "POST /api/v1/evaluation/sets/:setId/questions",
    allowed: MANAGERS,
    req: async () => ({
      method: "POST",
      path: await setPath("/questions"),
      json: { items: [{ question: "Noch eine?", expected_chunk_ids: [fx.chunkId] }] },
    }),
  },
  {
    route: "DELETE /api/v1/evaluation/sets/:setId/questions",
    allowed: MANAGERS,
    req: async () => {
      const { set, question } = await ownerSet();
      return { method: "DELETE", path: `/evaluation/sets/${set}/questions`, json: { ids: [question] } };
    },
  },
  {
    route: "POST /api/v1/evaluation/sets/:setId/questions/from-feedback",
    allowed: MANAGERS,
    req: async () => ({
      method: "POST",
      path: await setPath("/questions/from-feedback"),
      json: { unanswered_question: "Was kostet die Impfung?", expected_chunk_ids: [fx.chunkId] },
    }),
  },
  {
    route: "PUT /api/v1/evaluation/sets/:setId/questions/:questionId",
    allowed: MANAGERS,
    req: async () => {
      const { set, question } = await ownerSet();
      return { method: "PUT", path: `/evaluation/sets/${set}/questions/${question}`, json: { expected_text: "60" } };
    },
  },
  {
    route: "POST /api/v1/evaluation/sets/:setId/import",
    allowed: MANAGERS,
    req: async () => ({
      method: "POST",
      path: await setPath("/import"),
      body: form("file", textFile("fragen.jsonl", '{"question":"Ab wann?","expected_text":"60 Jahren"}')),
    }),
  },
  {
    route: "POST /api/v1/evaluation/sets/:setId/runs",
    allowed: MANAGERS,
    req: async () => ({ method: "POST", path: await setPath("/runs"), json: { settings: {} } }),
  },
  {
    route: "GET /api/v1/evaluation/sets/:setId/runs",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: await setPath("/runs") }),
  },
  {
    route: "GET /api/v1/evaluation/runs/compare",
    allowed: TEAM,
    req: async () => {
      const run = await ownerRun();
      return { method: "GET", path: `/evaluation/runs/compare?a=${run}&b=${run}` };
    },
  },
  {
    route: "GET /api/v1/evaluation/runs/:runId",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/evaluation/runs/${await ownerRun()}` }),
  },
  {
    route: "DELETE /api/v1/evaluation/runs/:runId",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: `/evaluation/runs/${await ownerRun()}` }),
  },
  {
    route: "POST /api/v1/evaluation/runs/:runId/apply",
    allowed: MANAGERS,
    req: async () => ({
      method: "POST",
      path: `/evaluation/runs/${await ownerRun()}/apply`,
      json: { target: "dataset", dataset_id: fx.datasetId },
    }),
  },
  {
    route: "GET /api/v1/evaluation/alerts",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/evaluation/alerts" }),
  },

  { route: "GET /api/v1/system/stats", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/system/stats" }) },
  // RAGFlow's reports on parts Buddy lacks: OceanBase is never in use (code 500), log levels cannot be set
  {
    route: "GET /api/v1/system/oceanbase/status",
    allowed: [],
    req: () => ({ method: "GET", path: "/system/oceanbase/status" }),
  },
  {
    route: "GET /api/v1/system/config/log",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/system/config/log" }),
  },
  {
    route: "PUT /api/v1/system/config/log",
    allowed: [],
    req: () => ({ method: "PUT", path: "/system/config/log", json: { pkg_name: "rag", level: "DEBUG" } }),
  },
  { route: "GET /api/v1/plugin/tools", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/plugin/tools" }) },
  // Buddy stores no Langfuse keys: reading and deleting say so, storing is refused
  {
    route: "GET /api/v1/langfuse/api-key",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/langfuse/api-key" }),
  },
  {
    route: "DELETE /api/v1/langfuse/api-key",
    allowed: SIGNED_IN,
    req: () => ({ method: "DELETE", path: "/langfuse/api-key" }),
  },
  ...(["POST", "PUT"] as const).map((method) => ({
    route: `${method} /api/v1/langfuse/api-key`,
    allowed: [] as Caller[],
    req: () => ({
      method,
      path: "/langfuse/api-key",
      json: { secret_key: "s", public_key: "p", host: "https://x.test" },
    }),
  })),
  // a re-run re-parses the fixture's document (its chunks would go), so the row names an outsider's view of a
  // real log: nobody but a dataset reader may start it (the success path is in ragflow-v027-support-routes)
  {
    route: "POST /api/v1/agents/rerun",
    allowed: [],
    req: async (_fx, caller) => {
      const log = await env.DB.prepare("SELECT id FROM ingestion_logs WHERE dataset_id = ? LIMIT 1")
        .bind(fx.datasetId)
        .first<{ id: string }>();
      const id = caller === "outsider" ? log?.id : "no-such-log";
      return { method: "POST", path: "/agents/rerun", json: { id, dsl: {}, component_id: "File" } };
    },
  },
  // ExeSQL reads D1 only: every connection test is refused
  {
    route: "POST /api/v1/agents/test_db_connection",
    allowed: [],
    req: () => ({
      method: "POST",
      path: "/agents/test_db_connection",
      json: { db_type: "mysql", database: "d", username: "u", host: "db.test", port: 3306, password: "p" },
    }),
  },
  { route: "GET /api/v1/usage", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/usage" }) },
  {
    route: "GET /api/v1/prompt-templates",
    allowed: SIGNED_IN,
    req: () => ({ method: "GET", path: "/prompt-templates" }),
  },
  {
    route: "POST /api/v1/prompt-templates",
    allowed: SIGNED_IN,
    req: () => ({
      method: "POST",
      path: "/prompt-templates",
      json: { name: `Vorlage ${crypto.randomUUID().slice(0, 8)}`, content: "{knowledge}" },
    }),
  },
  {
    route: "GET /api/v1/prompt-templates/:id",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/prompt-templates/${await ownerTemplate()}` }),
  },
  {
    route: "PUT /api/v1/prompt-templates/:id",
    allowed: MANAGERS,
    req: async () => ({
      method: "PUT",
      path: `/prompt-templates/${await ownerTemplate()}`,
      json: { description: "geändert" },
    }),
  },
  {
    route: "DELETE /api/v1/prompt-templates/:id",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: `/prompt-templates/${await ownerTemplate()}` }),
  },

  { route: "POST /api/v1/system/tokens", allowed: SIGNED_IN, req: () => ({ method: "POST", path: "/system/tokens" }) },
  { route: "GET /api/v1/system/tokens", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/system/tokens" }) },
  {
    route: "DELETE /api/v1/system/tokens/:token",
    allowed: SIGNED_IN,
    req: async (_, caller) => {
      const own = (
        await callApi<{ id: string }>("/system/tokens", {
          method: "POST",
          ...credentials(caller === "anonymous" || caller === "wrongToken" ? "outsider" : caller),
        })
      ).body.data.id;
      return { method: "DELETE", path: `/system/tokens/${own}` };
    },
  },
  {
    route: "POST /api/v1/memories",
    allowed: SIGNED_IN,
    req: () => ({
      method: "POST",
      path: "/memories",
      json: { name: `m-${crypto.randomUUID().slice(0, 8)}`, memory_type: ["raw"], embd_id: "e", llm_id: "l" },
    }),
  },
  { route: "GET /api/v1/memories", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/memories" }) },
  {
    route: "GET /api/v1/memories/:memoryId/config",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/memories/${(await teamMemory()).memoryId}/config` }),
  },
  {
    route: "GET /api/v1/memories/:memoryId",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/memories/${(await teamMemory()).memoryId}` }),
  },
  {
    route: "PUT /api/v1/memories/:memoryId",
    allowed: TEAM,
    req: async () => ({
      method: "PUT",
      path: `/memories/${(await teamMemory()).memoryId}`,
      json: { description: `d-${crypto.randomUUID().slice(0, 8)}` },
    }),
  },
  {
    route: "DELETE /api/v1/memories/:memoryId",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: `/memories/${await ownerMemory()}` }),
  },
  {
    route: "POST /api/v1/messages",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: "/messages",
      json: {
        memory_id: [(await teamMemory()).memoryId],
        agent_id: "a",
        session_id: "s",
        user_input: "Masern?",
        agent_response: "Impfen.",
      },
    }),
  },
  {
    route: "GET /api/v1/messages",
    allowed: SIGNED_IN,
    req: async () => ({ method: "GET", path: `/messages?memory_id=${(await teamMemory()).memoryId}` }),
  },
  {
    route: "GET /api/v1/messages/search",
    allowed: SIGNED_IN,
    req: async () => ({
      method: "GET",
      path: `/messages/search?memory_id=${(await teamMemory()).memoryId}&query=Grippe`,
    }),
  },
  {
    route: "GET /api/v1/messages/:ref/content",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `${await teamMessage()}/content` }),
  },
  {
    route: "PUT /api/v1/messages/:ref",
    allowed: TEAM,
    req: async () => ({ method: "PUT", path: await teamMessage(), json: { status: true } }),
  },
  {
    route: "DELETE /api/v1/messages/:ref",
    allowed: TEAM,
    req: async () => ({ method: "DELETE", path: await teamMessage() }),
  },
  {
    route: "POST /api/v1/searches",
    allowed: SIGNED_IN,
    req: () => ({ method: "POST", path: "/searches", json: { name: `s-${crypto.randomUUID().slice(0, 8)}` } }),
  },
  { route: "GET /api/v1/searches", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/searches" }) },
  {
    route: "GET /api/v1/searches/:searchId",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/searches/${await teamSearch()}` }),
  },
  {
    route: "PUT /api/v1/searches/:searchId",
    allowed: TEAM,
    req: async () => ({
      method: "PUT",
      path: `/searches/${await teamSearch()}`,
      json: { name: "Team-Suche", search_config: { top_k: 100 } },
    }),
  },
  {
    route: "DELETE /api/v1/searches/:searchId",
    allowed: MANAGERS,
    req: async () => ({ method: "DELETE", path: `/searches/${await throwawaySearch()}` }),
  },
  {
    route: "POST /api/v1/searches/:searchId/completions",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: `/searches/${await teamSearch()}/completions`,
      json: { question: "Grippeimpfung?" },
    }),
  },
  {
    route: "POST /api/v1/searches/:searchId/completion",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: `/searches/${await teamSearch()}/completion`,
      json: { question: "Grippeimpfung?" },
    }),
  },
  {
    route: "POST /api/v1/searches/:searchId/retrieval",
    allowed: TEAM,
    req: async () => ({
      method: "POST",
      path: `/searches/${await teamSearch()}/retrieval`,
      json: { question: "Grippeimpfung?" },
    }),
  },
  {
    route: "GET /api/v1/searches/:searchId/share-tokens",
    allowed: TEAM,
    req: async () => ({ method: "GET", path: `/searches/${await teamSearch()}/share-tokens` }),
  },
  {
    route: "POST /api/v1/searches/:searchId/share-tokens",
    allowed: TEAM,
    req: async () => ({ method: "POST", path: `/searches/${await teamSearch()}/share-tokens`, json: {} }),
  },
  {
    route: "PATCH /api/v1/searches/:searchId/share-tokens/:tokenId",
    allowed: TEAM,
    req: async () => ({
      method: "PATCH",
      path: `/searches/${await teamSearch()}/share-tokens/${await searchShareToken()}`,
      json: { name: "Website" },
    }),
  },
  {
    route: "DELETE /api/v1/searches/:searchId/share-tokens/:tokenId",
    allowed: TEAM,
    req: async () => ({
      method: "DELETE",
      path: `/searches/${await teamSearch()}/share-tokens/${await searchShareToken()}`,
    }),
  },
  { route: "GET /api/v1/system/ping", allowed: "public", req: () => ({ method: "GET", path: "/system/ping" }) },
  { route: "GET /api/v1/system/version", allowed: "public", req: () => ({ method: "GET", path: "/system/version" }) },
  { route: "GET /api/v1/system/config", allowed: "public", req: () => ({ method: "GET", path: "/system/config" }) },
  { route: "GET /api/v1/system/healthz", allowed: "public", req: () => ({ method: "GET", path: "/system/healthz" }) },
  {
    route: "GET /api/v1/documents/:documentId",
    allowed: TEAM,
    req: () => ({ method: "GET", path: `/documents/${fx.documentId}` }),
  },
  // an outsider's stop answers true like an unknown task's (RAGFlow's contract) and stops nothing
  {
    route: "POST /api/v1/tasks/:taskId/cancel",
    allowed: SIGNED_IN,
    req: async () => ({ method: "POST", path: `/tasks/${await runningTask()}/cancel` }),
  },
  {
    route: "PATCH /api/v1/tasks/:taskId",
    allowed: SIGNED_IN,
    req: async () => ({ method: "PATCH", path: `/tasks/${await runningTask()}`, json: { action: "stop" } }),
  },
  { route: "GET /api/v1/system/status", allowed: SIGNED_IN, req: () => ({ method: "GET", path: "/system/status" }) },
];

// Share-page endpoints take a share link's token, never a session or an API key, and a chunk image takes its
// signature: every caller here is refused.
const SHARE_ROUTES = [
  "GET /api/v1/document/image/:imageId",
  "OPTIONS /api/v1/share/chats/:chatId/*",
  "GET /api/v1/share/chats/:chatId",
  "GET /api/v1/share/chats/:chatId/sessions",
  "POST /api/v1/share/chats/:chatId/audio/speech",
  "POST /api/v1/share/chats/:chatId/sessions",
  "GET /api/v1/share/chats/:chatId/sessions/:sessionId",
  "PATCH /api/v1/share/chats/:chatId/sessions/:sessionId",
  "DELETE /api/v1/share/chats/:chatId/sessions/:sessionId",
  "PUT /api/v1/share/chats/:chatId/sessions/:sessionId/messages/:messageId/feedback",
  "POST /api/v1/share/chats/:chatId/completions",
  "OPTIONS /api/v1/share/agents/:agentId/*",
  "GET /api/v1/share/agents/:agentId",
  "POST /api/v1/share/agents/:agentId/completions",
  "POST /api/v1/share/agents/:agentId/upload",
  "GET /api/v1/share/agents/:agentId/attachments/:docId/:filename",
  "OPTIONS /api/v1/searchbots/*",
  "GET /api/v1/searchbots/detail",
  "POST /api/v1/searchbots/ask",
  "POST /api/v1/searchbots/retrieval_test",
  "POST /api/v1/searchbots/related_questions",
  "POST /api/v1/searchbots/mindmap",
];
// RAGFlow v0.27's SDK compatibility route refuses a missing or unknown token with HTTP 200 and code 102
const REFUSED_AS_DATA_ERROR = new Set(["POST /api/v1/searchbots/related_questions"]);
const SHARE_ROWS: Row[] = SHARE_ROUTES.filter((route) => !route.startsWith("OPTIONS")).map((route) => {
  const [method, template] = route.split(" ") as [string, string];
  return {
    route,
    allowed: [],
    req: () => ({
      method,
      path: template
        .replace("/api/v1", "")
        .replace(":chatId", fx.chatId)
        .replace(":agentId", fx.agentId)
        .replace(":sessionId", fx.sessionId)
        .replace(":messageId", fx.messageId)
        .replace(":imageId", `${fx.datasetId}-${fx.documentId}`),
      json: method === "GET" ? undefined : { question: "x", name: "x", thumbup: true },
    }),
  };
});

const s3 = () => ({
  endpoint: env.TEST_S3_URL,
  region: "us-east-1",
  bucket: env.TEST_S3_BUCKET,
  access_key_id: env.TEST_S3_ACCESS_KEY_ID,
  secret_access_key: env.TEST_S3_SECRET_ACCESS_KEY,
});
const LOCAL = `/providers/${LOCAL_PROVIDER}`;
const PROVIDER_OF: Record<Caller, string> = {
  anonymous: "Cohere",
  wrongToken: "Cohere",
  outsider: "Moonshot",
  member: "DeepSeek",
  admin: "Mistral",
  owner: "Groq",
};
const connection = () => ({ api_key: GOOD_KEY, base_url: env.TEST_OPENAI_URL });
const tmpName = () => `tmp-${crypto.randomUUID().slice(0, 6)}`;
// the owner's local model in the instance "main" (made on first use)
const ownerModel = async (name = "chat-model") => {
  await addLocalModel(fx.owner, name, "chat").catch(() => undefined);
};
// a fresh, empty instance of the owner's local provider
const ownerInstance = async () => {
  await ownerModel();
  const name = tmpName();
  await callApi(`${LOCAL}/instances`, { token: fx.owner.token, json: { ...connection(), instance_name: name } });
  return name;
};

// A team dataset with one document, for which the owner's local chat model may build indexes.
const indexDataset = async () => {
  await ownerModel();
  const id = (
    await createDataset(fx.owner, { permission: "team", parser_config: { llm_id: "chat-model@OpenAI-API-Compatible" } })
  ).id;
  await callApi(`/datasets/${id}/documents`, {
    token: fx.owner.token,
    body: form("file", textFile("raptor.txt", "Zusammenfassen"))(),
  });
  return id;
};

const credentials = (caller: Caller): { token?: string; headers?: Record<string, string> } => {
  if (caller === "anonymous") return {};
  if (caller === "wrongToken") return { token: `Bearer ragflow-${crypto.randomUUID()}` };
  if (caller === "member" || caller === "admin") return inTeam(fx[caller], fx.owner.id);
  return { token: fx[caller].token };
};

// Row counts and newest update of every table: a refused call must leave them all as they were (request
// counting in usage_daily is metadata of every signed-in call, refused or not). One query for all tables: the
// matrix takes a fingerprint twice per refused call.
let fingerprintSql: string[] | undefined;
const fingerprintQueries = async () => {
  if (fingerprintSql) return fingerprintSql;
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'chunks_%' AND name NOT IN ('login_attempts', 'sessions', 'usage_daily')",
  ).all<{ name: string }>();
  const terms: string[] = [];
  for (const { name } of results) {
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info(?)").bind(name).all<{ name: string }>();
    const updated = columns.results.some((column) => column.name === "update_time") ? "max(update_time)" : "''";
    terms.push(`(SELECT count(*) || '/' || ifnull(${updated}, '') FROM "${name}") AS "${name}"`);
  }
  // D1 refuses compound SELECTs of many terms, so the tables are columns of a few one-row SELECTs
  fingerprintSql = [];
  for (let i = 0; i < terms.length; i += 40) fingerprintSql.push(`SELECT ${terms.slice(i, i + 40).join(", ")}`);
  return fingerprintSql;
};
const fingerprint = async () => {
  const queries = await fingerprintQueries();
  const rows = await env.DB.batch(queries.map((sql) => env.DB.prepare(sql)));
  return JSON.stringify(rows.map((row) => row.results[0]));
};

// Parsing and RAPTOR tasks and webhook runs started by an allowed call finish in the background; the next caller
// waits for them.
const settle = async () => {
  for (let i = 0; i < 100; i++) {
    const busy = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM documents WHERE run = '1' AND id NOT IN (SELECT value FROM json_each(?)))
        + (SELECT count(*) FROM dataset_tasks WHERE state IN ('queued', 'running'))
        + (SELECT count(*) FROM evaluation_runs WHERE status IN ('queued', 'running'))
        + (SELECT count(*) FROM agent_webhook_logs WHERE json_extract(response, '$.finished') = 0) AS n`,
    )
      .bind(JSON.stringify(keptRunning))
      .first<{ n: number }>();
    if (!busy?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

const call = async (caller: Caller, req: Req) => {
  const auth = req.token !== undefined ? { token: req.token } : credentials(caller);
  const headers = req.noTeam ? {} : (auth as { headers?: Record<string, string> }).headers;
  return callApi(req.path, { method: req.method, token: auth.token, headers, json: req.json, body: req.body?.() });
};

const succeeded = (res: { status: number; body: unknown }) =>
  res.status < 400 &&
  (typeof res.body !== "object" ||
    res.body === null ||
    !("code" in res.body) ||
    (res.body as { code: number }).code === 0);

beforeAll(async () => {
  const [owner, member, admin, outsider] = [
    await createUser(),
    await createUser(),
    await createUser(),
    await createUser(),
  ];
  fx = { owner, member, admin, outsider } as Fixture;
  await joinTeam(owner, member);
  await joinTeam(owner, admin, "admin");
  fx.datasetId = (await createDataset(owner, { name: "Team-Wissen", permission: "team" })).id;
  const docs = await ingest(owner, fx.datasetId, [
    textFile("faq.txt", "Die Grippeimpfung wird ab 60 Jahren empfohlen."),
  ]);
  fx.documentId = (docs["faq.txt"] as { id: string }).id;
  fx.chunkId = (await callApi<{ chunks: { id: string }[] }>(doc("/chunks"), { token: owner.token })).body.data.chunks[0]
    ?.id as string;
  fx.chatId = (
    await callApi<{ id: string }>("/chats", {
      token: owner.token,
      json: { name: "Berater", dataset_ids: [fx.datasetId] },
    })
  ).body.data.id;
  const answer = (await ask(owner, fx.chatId, { question: "Grippeimpfung ab wann?" })).body.data;
  fx.sessionId = answer.session_id;
  fx.messageId = answer.id;
  fx.shareTokenId = await throwawayShareToken();
  fx.folderId = (await newFolder(owner, "Team")).id;
  fx.fileId = ((await putFiles(owner, [textFile("plan.txt", "Plan")], fx.folderId)).body.data[0] as { id: string }).id;
  await callApi("/chats", { token: outsider.token, json: { name: "Fremd" } });
  fx.agentId = (await createAgent(owner, AGENT_DSL, "Team-Buddy", { permission: "team" })).id;
  fx.pipelineId = (await createAgent(owner, PIPELINE_DSL, "Team-Pipeline", { permission: "team" })).id;
  fx.taskId = (
    await callApi<{ task_id: string }>("/agents/chat/completions", {
      token: owner.token,
      json: { agent_id: fx.agentId, question: "Hallo" },
    })
  ).body.data.task_id;
  expect(
    await callApi(`/tenants/${owner.id}/users`, { token: owner.token }).then(
      (res) => (res.body.data as unknown[]).length,
    ),
  ).toBe(3);
}, 60_000);

describe("authorization matrix", () => {
  it("lists every /api/v1 route", () => {
    const covered = new Set([...ROWS, ...SHARE_ROWS].map((row) => row.route).concat(SHARE_ROUTES));
    const routes = [
      ...new Set(
        app.routes
          .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/v1"))
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
  });

  for (const row of [...ROWS, ...SHARE_ROWS]) {
    it(row.route, { timeout: 30_000 }, async () => {
      for (const caller of CALLERS) {
        const req = await row.req(fx, caller);
        await settle();
        const before = await fingerprint();
        const res = await call(caller, req);
        const allowed = row.allowed === "public" || row.allowed.includes(caller);
        const outcome = `${row.route} as ${caller}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
        if (allowed) {
          expect(succeeded(res), outcome).toBe(true);
          continue;
        }
        expect(succeeded(res), outcome).toBe(false);
        if (caller === "anonymous" || caller === "wrongToken")
          expect(res.status, outcome).toBe(REFUSED_AS_DATA_ERROR.has(row.route) ? 200 : 401);
        expect(await fingerprint(), `${outcome} changed the database`).toBe(before);
      }
    });
  }

  // A base private to the owner, named by a team flow and a team search app: every read that could name it
  // names it only for the owner.
  it("ids of invisible bases reach no other member", { timeout: 60_000 }, async () => {
    const secret = await createDataset(fx.owner, { name: "Nur für mich" });
    const agent = await createAgent(fx.owner, readingFlow(secret.id), undefined, { permission: "team" });
    const search = (
      await callApi<{ search_id: string }>("/searches", {
        token: fx.owner.token,
        json: { name: `Privat-Suche ${crypto.randomUUID().slice(0, 8)}`, search_config: { kb_ids: [secret.id] } },
      })
    ).body.data.search_id;
    const reads = [
      "/datasets?page_size=100",
      "/agents?page_size=100",
      `/agents/${agent.id}`,
      "/searches?page_size=100",
    ];
    reads.push(`/searches/${search}`);
    for (const caller of TEAM)
      for (const path of reads) {
        const body = JSON.stringify((await call(caller, { method: "GET", path })).body);
        expect(body.includes(secret.id), `${caller} GET ${path}`).toBe(caller === "owner");
      }
  });

  // Another member (the admin may change every team flow) rewrites the owner's flow to read the owner's private
  // base: refused, nothing changes, and a run reads nothing from it.
  it("another member changed the flow: it still reads no base they may not see", { timeout: 60_000 }, async () => {
    const secret = await createDataset(fx.owner, { name: "Tresor" });
    await ingest(fx.owner, secret.id, [textFile("tresor.txt", "Die Tresorzahl lautet 4711.")]);
    const agent = await createAgent(fx.owner, readingFlow(fx.datasetId), undefined, { permission: "team" });
    for (const caller of ["member", "admin"] as const) {
      const before = await fingerprint();
      const rewrite = await call(caller, {
        method: "PUT",
        path: `/agents/${agent.id}`,
        json: { dsl: readingFlow(secret.id) },
      });
      expect(succeeded(rewrite), `${caller}: ${JSON.stringify(rewrite.body)}`).toBe(false);
      expect(await fingerprint(), `${caller} changed the database`).toBe(before);
      const run = await call(caller, {
        method: "POST",
        path: "/agents/chat/completions",
        json: { agent_id: agent.id, question: "Tresorzahl" },
      });
      expect(JSON.stringify(run.body)).not.toContain("4711");
    }
  });

  it("list endpoints show other teams nothing", async () => {
    const asOutsider = { token: fx.outsider.token };
    expect(JSON.stringify((await callApi("/datasets", asOutsider)).body)).not.toContain(fx.datasetId);
    expect(JSON.stringify((await callApi("/files", asOutsider)).body)).not.toContain(fx.folderId);
    expect(JSON.stringify((await callApi("/chats", asOutsider)).body)).not.toContain(fx.chatId);
    expect(JSON.stringify((await callApi("/chats", inTeam(fx.member, fx.owner.id))).body)).not.toContain(fx.chatId);
    expect(
      JSON.stringify((await callApi("/evaluation/feedback?rated=false", inTeam(fx.member, fx.owner.id))).body),
    ).not.toContain(fx.chatId);
    expect(JSON.stringify((await callApi("/evaluation/unanswered", asOutsider)).body)).not.toContain(fx.chatId);
    const sameTeamHeader = await callApi("/datasets", {
      token: fx.outsider.token,
      headers: { [TEAM_HEADER]: fx.owner.id },
    });
    expect(sameTeamHeader.status).toBe(403);
  });
});
