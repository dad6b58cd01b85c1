import { env } from "cloudflare:test";
import { DAILY_CAP_MAX, RATE_PER_MINUTE_MAX } from "../../../../worker/contract/share";
import { createAgent, flow } from "../agents";
import { callApi } from "../api";
import { settle } from "../db-state";
import { ask, createSession } from "../chat";
import { createDataset, createUser, type TestUser, textFile, uploadFiles } from "../factories";
import { newFolder, putFiles } from "../files";
import { mcpServerSettings } from "../mcp-servers";
import { addInstance, LOCAL_PROVIDER } from "../models";
import { addTurn, createMemory } from "../memories";
import { joinTeam } from "../teams";

// The caller's own resources, one of each kind, so fuzzed requests reach past "not found" into the handlers;
// a stranger's dataset and chat stand for ids the caller must not reach.
export type World = {
  owner: TestUser;
  ids: Record<string, string>;
  strangerIds: string[];
  shareTokens: { chat: string; agent: string; search: string };
};

const AGENT_DSL = flow([
  ["begin", "Begin", {}, ["Message:m"]],
  ["Message:m", "Message", { content: ["Echo: {sys.query}"] }],
]);

const data = async <T>(request: Promise<{ body: { code: number; message: string; data: T } }>, what: string) => {
  const { body } = await request;
  if (body.code !== 0) throw new Error(`fuzz world: ${what} failed: ${body.message}`);
  return body.data;
};

// The highest limits, so that fuzzing a shared page meets its validation, not its rate limit.
const shareToken = (owner: TestUser, path: string) =>
  data(
    callApi<{ id: string; token: string }>(`${path}/share-tokens`, {
      token: owner.token,
      json: { rate_per_minute: RATE_PER_MINUTE_MAX, daily_cap: DAILY_CAP_MAX },
    }),
    path,
  );

export const buildWorld = async (): Promise<World> => {
  const [owner, member, stranger] = [await createUser(), await createUser(), await createUser()];
  await joinTeam(owner, member);
  const token = owner.token;
  const dataset = await createDataset(owner);
  const [document] = await data(
    uploadFiles(owner, dataset.id, [textFile("fuzz.txt", "Fuzzing findet Fehler.")]),
    "upload",
  );
  const chunk = await data(
    callApi<{ chunk: { id: string } }>(`/datasets/${dataset.id}/documents/${document?.id}/chunks`, {
      token,
      json: { content: "Ein Abschnitt zum Fuzzen." },
    }),
    "chunk",
  );
  const chat = await data(
    callApi<{ id: string }>("/chats", { token, json: { name: "Fuzz", dataset_ids: [dataset.id] } }),
    "chat",
  );
  const answer = await data(ask(owner, chat.id, { question: "Was findet Fuzzing?" }), "ask");
  const emptySession = await createSession(owner, chat.id, "Leer");
  const agent = await createAgent(owner, AGENT_DSL, "Fuzz-Agent");
  const run = await data(
    callApi<{ task_id: string; session_id: string }>("/agents/chat/completions", {
      token,
      json: { agent_id: agent.id, question: "Hallo" },
    }),
    "agent run",
  );
  const search = await data(
    callApi<{ search_id: string }>("/searches", {
      token,
      json: { name: "Fuzz-Suche", search_config: { kb_ids: [dataset.id] } },
    }),
    "search app",
  );
  const template = await data(
    callApi<{ id: string }>("/prompt-templates", { token, json: { name: "Fuzz-Vorlage", content: "x" } }),
    "template",
  );
  const folder = await newFolder(owner, "Fuzz");
  const [file] = await data(putFiles(owner, [textFile("fuzz.txt", "Datei")], folder.id), "file");
  await data(addInstance(owner, { models: [["chat-model", "chat"]] }), "model");
  const models = await data(callApi<{ id: string; builtin: boolean }[]>("/models", { token }), "model list");
  const evaluationSet = await data(
    callApi<{ id: string }>("/evaluation/sets", { token, json: { name: "Fuzz-Test", dataset_ids: [dataset.id] } }),
    "test set",
  );
  const [evaluationQuestion] = await data(
    callApi<{ items: { id: string }[] }>(`/evaluation/sets/${evaluationSet.id}/questions`, {
      token,
      json: { items: [{ question: "Was findet Fuzzing?", expected_doc_ids: [document?.id] }] },
    }),
    "test question",
  ).then((added) => added.items);
  const evaluationRun = await data(
    callApi<{ run_id: string }>(`/evaluation/sets/${evaluationSet.id}/runs`, { token, json: { settings: {} } }),
    "test run",
  );
  const memory = await createMemory(owner);
  await addTurn(owner, memory.id, { user_input: "Was merkt sich Fuzzing?", agent_response: "Alles." });
  const [memoryMessage] = await data(
    callApi<{ message_id: string | number }[]>(`/messages?memory_id=${memory.id}`, { token }),
    "memory message",
  );
  await settle();
  const mcpServer = await data(
    callApi<{ id: string }>("/mcp/servers", { token, json: mcpServerSettings("Fuzz-MCP") }),
    "MCP server",
  );
  const apiToken = await data(callApi<{ id: string }>("/system/tokens", { method: "POST", token }), "api token");
  const [chatShare, agentShare, searchShare] = [
    await shareToken(owner, `/chats/${chat.id}`),
    await shareToken(owner, `/agents/${agent.id}`),
    await shareToken(owner, `/searches/${search.search_id}`),
  ];
  const strangerDataset = await createDataset(stranger);
  const strangerChat = await data(
    callApi<{ id: string }>("/chats", { token: stranger.token, json: { name: "Fremd" } }),
    "stranger chat",
  );
  return {
    owner,
    ids: {
      dataset: dataset.id,
      document: document?.id ?? "",
      chunk: chunk.chunk.id,
      chat: chat.id,
      session: answer.session_id,
      emptySession: emptySession.id,
      message: answer.id,
      agent: agent.id,
      agentSession: run.session_id,
      task: run.task_id,
      search: search.search_id,
      template: template.id,
      folder: folder.id,
      file: file?.id ?? "",
      model: models.find((model) => !model.builtin)?.id ?? "",
      apiToken: apiToken.id,
      evaluationSet: evaluationSet.id,
      evaluationQuestion: evaluationQuestion?.id ?? "",
      evaluationRun: evaluationRun.run_id,
      memory: memory.id,
      memoryMessage: String(memoryMessage?.message_id ?? ""),
      mcpServer: mcpServer.id,
      chatShare: chatShare.id,
      agentShare: agentShare.id,
      searchShare: searchShare.id,
      tenant: owner.id,
      member: member.id,
    },
    strangerIds: [strangerDataset.id, strangerChat.id, stranger.id],
    shareTokens: { chat: chatShare.token, agent: agentShare.token, search: searchShare.token },
  };
};

const byParent = (path: string, ids: Record<string, string>, chat: string, agent: string, search: string) => {
  if (path.includes("/agents/")) return ids[agent];
  if (path.includes("/searches/")) return ids[search];
  return ids[chat];
};

// The world's id for a path parameter of the given route.
export const realId = (world: World, path: string, param: string): string => {
  const { ids } = world;
  const id = {
    datasetId: ids.dataset,
    documentId: ids.document,
    chunkId: ids.chunk,
    chatId: ids.chat,
    sessionId: path.includes("/agents/") ? ids.agentSession : ids.session,
    conversationId: ids.session,
    messageId: ids.message,
    agentId: ids.agent,
    taskId: ids.task,
    searchId: ids.search,
    fileId: ids.file,
    tenantId: ids.tenant,
    userId: ids.member,
    token: ids.apiToken,
    tokenId: byParent(path, ids, "chatShare", "agentShare", "searchShare"),
    id: ids.template,
    provider: LOCAL_PROVIDER,
    instance: "main",
    model: "chat-model",
    imageId: `${ids.dataset}-${ids.chunk}`,
    setId: ids.evaluationSet,
    questionId: ids.evaluationQuestion,
    runId: ids.evaluationRun,
    memoryId: ids.memory,
    ref: `${ids.memory}:${ids.memoryMessage}`,
    componentId: "begin",
    mcpId: ids.mcpServer,
  }[param];
  return id ?? "";
};

// Who calls the route: share links for the shared pages, the owner's session for everything else.
export const authorizationFor = (world: World, path: string) => {
  if (path.startsWith("/api/v1/share/chats/")) return `Bearer ${world.shareTokens.chat}`;
  if (path.startsWith("/api/v1/share/agents/")) return `Bearer ${world.shareTokens.agent}`;
  if (path.startsWith("/api/v1/searchbots/")) return `Bearer ${world.shareTokens.search}`;
  return world.owner.token;
};

// [table, world id] pairs that must still exist for the world to be reused.
const KEPT: [string, keyof World["ids"] & string][] = [
  ["datasets", "dataset"],
  ["documents", "document"],
  ["chunks", "chunk"],
  ["dialogs", "chat"],
  ["conversations", "session"],
  ["conversations", "emptySession"],
  ["agents", "agent"],
  ["agent_sessions", "agentSession"],
  ["search_apps", "search"],
  ["prompt_templates", "template"],
  ["files", "folder"],
  ["files", "file"],
  ["tenant_models", "model"],
  ["api_tokens", "apiToken"],
  ["evaluation_sets", "evaluationSet"],
  ["evaluation_questions", "evaluationQuestion"],
  ["evaluation_runs", "evaluationRun"],
  ["memories", "memory"],
];

// Whether an operation that may destroy things left every resource, the share links' limits, the team member
// and the owner's session as they were (one query and one request; rebuilding costs about a second).
export const worldIntact = async (world: World) => {
  const { ids } = world;
  const present = KEPT.map(([table]) => `(SELECT count(*) FROM "${table}" WHERE id = ?)`).join(" + ");
  const row = await env.DB.prepare(
    `SELECT ${present} AS kept,
      (SELECT count(*) FROM share_tokens WHERE id IN (?, ?, ?) AND rate_per_minute = ? AND daily_cap = ?) AS shares,
      (SELECT count(*) FROM user_tenants WHERE user_id = ? AND tenant_id = ?) AS member`,
  )
    .bind(
      ...KEPT.map(([, key]) => ids[key]),
      ids.chatShare,
      ids.agentShare,
      ids.searchShare,
      RATE_PER_MINUTE_MAX,
      DAILY_CAP_MAX,
      ids.member,
      ids.tenant,
    )
    .first<{ kept: number; shares: number; member: number }>();
  if (row?.kept !== KEPT.length || row.shares !== 3 || row.member !== 1) return false;
  return (await callApi("/users/me", { token: world.owner.token })).body.code === 0;
};
