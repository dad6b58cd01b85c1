import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import {
  AskAssistantArgsSchema,
  ListKnowledgeBasesArgsSchema,
  RetrieveArgsSchema,
  RunBuddyArgsSchema,
} from "../../contract/mcp";
import type { ServiceContext } from "../context";
import { askAssistant } from "./ask-assistant";
import { listKnowledgeBases } from "./list-knowledge-bases";
import { retrieveChunks } from "./retrieve";
import { runBuddy } from "./run-buddy";

export type ToolCaller = { ctx: ServiceContext; waitUntil: (work: Promise<unknown>) => void };

type Tool<S extends v.GenericSchema> = {
  name: string;
  title: string;
  description: string;
  schema: S;
  run: (caller: ToolCaller, args: v.InferOutput<S>) => Promise<Record<string, unknown>>;
};

const tool = <S extends v.GenericSchema>(definition: Tool<S>) => definition as unknown as Tool<v.GenericSchema>;

export const TOOLS = [
  tool({
    name: "list_knowledge_bases",
    title: "List knowledge bases",
    description: "The knowledge bases this API key may search: id, name, description, document and chunk counts.",
    schema: ListKnowledgeBasesArgsSchema,
    run: ({ ctx }) => listKnowledgeBases(ctx),
  }),
  tool({
    name: "retrieve",
    title: "Retrieve chunks",
    description:
      "Searches knowledge bases for passages relevant to a question (keyword and vector search, as Buddy's " +
      "retrieval test). Each chunk comes with its citation: document name and id, knowledge base id, similarity, pages.",
    schema: RetrieveArgsSchema,
    run: ({ ctx }, args) => retrieveChunks(ctx, args),
  }),
  tool({
    name: "ask_assistant",
    title: "Ask an assistant",
    description:
      "Asks one of your chat assistants a question; answers with its text and the passages it cites. " +
      "The turn is kept in a conversation; pass session_id back to continue it.",
    schema: AskAssistantArgsSchema,
    run: ({ ctx, waitUntil }, args) => askAssistant(ctx, args, waitUntil),
  }),
  tool({
    name: "run_buddy",
    title: "Run a Buddy",
    description:
      "Runs a published Buddy (agent flow: its latest published version) with a question and its Begin inputs; " +
      "answers with the run's final answer. " +
      "Pass session_id back to continue the conversation.",
    schema: RunBuddyArgsSchema,
    run: ({ ctx }, args) => runBuddy(ctx, args),
  }),
];

// valibot's trims and descriptions: the first has no JSON Schema form and is left out, the second is kept
const inputSchemaOf = (schema: v.GenericSchema) => {
  const { $schema: _, ...json } = toJsonSchema(schema, { errorMode: "ignore" }) as Record<string, unknown>;
  return json;
};

export const toolList = () =>
  TOOLS.map(({ name, title, description, schema }) => ({
    name,
    title,
    description,
    inputSchema: inputSchemaOf(schema),
  }));
