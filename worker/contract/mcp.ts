import * as v from "valibot";
import { MAX_DOCUMENT_FILTER } from "./retrieval";

// Buddy's MCP server (POST /mcp): the protocol versions it speaks, newest first. A client asking for another one
// gets the newest, as the specification's version negotiation says.
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

// JSON-RPC 2.0's error codes
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export const JsonRpcRequestSchema = v.object({
  jsonrpc: v.literal("2.0", '`jsonrpc` must be "2.0".'),
  id: v.optional(v.union([v.string(), v.number()], "`id` must be a string or a number.")),
  method: v.pipe(v.string("`method` must be a string."), v.nonEmpty("`method` must be a string.")),
  params: v.optional(v.record(v.string(), v.unknown(), "`params` must be an object.")),
});
export type JsonRpcRequest = v.InferOutput<typeof JsonRpcRequestSchema>;

export const ToolCallParamsSchema = v.object({
  name: v.string("`name` must be a string."),
  arguments: v.optional(v.record(v.string(), v.unknown(), "`arguments` must be an object."), {}),
});

const id = v.pipe(v.string("Input should be a valid string"), v.nonEmpty("An id can't be empty."));
const unit = (name: string) =>
  v.pipe(
    v.number(`\`${name}\` should be a number.`),
    v.minValue(0, `\`${name}\` must be ≥ 0.`),
    v.maxValue(1, `\`${name}\` must be ≤ 1.`),
  );
const count = (name: string, max: number) =>
  v.pipe(
    v.number(`\`${name}\` should be an integer.`),
    v.integer(`\`${name}\` should be an integer.`),
    v.minValue(1, `\`${name}\` must be at least 1.`),
    v.maxValue(max, `\`${name}\` must be at most ${max}.`),
  );
const text = (name: string) =>
  v.pipe(v.string(`\`${name}\` is required.`), v.trim(), v.nonEmpty(`\`${name}\` is required.`));

// The tools' arguments. Plain schemas (no transforms), so that each converts to the JSON Schema tools/list shows.
export const ListKnowledgeBasesArgsSchema = v.strictObject({}, "No arguments are taken.");

export const RetrieveArgsSchema = v.strictObject(
  {
    question: v.pipe(text("question"), v.description("What to search for.")),
    dataset_ids: v.pipe(
      v.array(id, "`dataset_ids` should be a list."),
      v.minLength(1, "`dataset_ids` is required."),
      v.description("Knowledge bases to search (ids from list_knowledge_bases)."),
    ),
    document_ids: v.optional(
      v.pipe(
        v.array(id, "`document_ids` should be a list."),
        v.maxLength(MAX_DOCUMENT_FILTER, `At most ${MAX_DOCUMENT_FILTER} document_ids.`),
        v.description("Only search these documents of the knowledge bases."),
      ),
    ),
    page: v.optional(v.pipe(count("page", 1000), v.description("Page of results, from 1."))),
    page_size: v.optional(v.pipe(count("page_size", 1024), v.description("Chunks per page (default 30)."))),
    top_k: v.optional(v.pipe(count("top_k", 1024), v.description("Candidates re-scored (default 1024)."))),
    similarity_threshold: v.optional(
      v.pipe(unit("similarity_threshold"), v.description("Lowest similarity kept (default 0.2).")),
    ),
    vector_similarity_weight: v.optional(
      v.pipe(unit("vector_similarity_weight"), v.description("Share of the vector score (default 0.3).")),
    ),
    keyword: v.optional(
      v.pipe(v.boolean("`keyword` should be a boolean."), v.description("Extract keywords with the chat model first.")),
    ),
    rerank_id: v.optional(v.pipe(id, v.description("A rerank model of the team, e.g. name@Factory."))),
  },
  "Unknown argument.",
);

export const AskAssistantArgsSchema = v.strictObject(
  {
    chat_id: v.pipe(id, v.description("The assistant's id (GET /api/v1/chats).")),
    question: v.pipe(text("question"), v.description("The question for the assistant.")),
    session_id: v.optional(
      v.pipe(id, v.description("Continue this conversation (returned by an earlier call); a new one otherwise.")),
    ),
  },
  "Unknown argument.",
);

export const RunBuddyArgsSchema = v.strictObject(
  {
    agent_id: v.pipe(id, v.description("The Buddy's (agent's) id (GET /api/v1/agents).")),
    question: v.optional(v.pipe(v.string("`question` should be a string."), v.description("The user's message."))),
    inputs: v.optional(
      v.pipe(
        v.record(v.string(), v.unknown(), "`inputs` should be an object."),
        v.description("Values for the Begin component's inputs, by key."),
      ),
    ),
    session_id: v.optional(v.pipe(id, v.description("Continue this run's session; a new one otherwise."))),
  },
  "Unknown argument.",
);
