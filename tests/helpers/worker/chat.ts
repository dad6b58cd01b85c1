import { SELF } from "cloudflare:test";
import type { Chat, CompletionFrame, Session } from "../../../worker/contract/chats";
import { BASE, callApi } from "./api";
import { createDataset, ingest, textFile, type TestUser } from "./factories";
import { addLocalModel } from "./models";

export const FAQ = [
  textFile(
    "impfung.txt",
    "Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen. Sie schützt vor schweren Verläufen.",
  ),
  textFile(
    "schlaf.txt",
    "Erwachsene brauchen sieben bis neun Stunden Schlaf. Zu wenig Schlaf schwächt das Immunsystem.",
  ),
];

export const parsedDataset = async (user: TestUser, files = FAQ) => {
  const ds = await createDataset(user);
  await ingest(user, ds.id, files);
  return ds;
};

export const useLocalChatModel = (user: TestUser, model = "chat-model") => addLocalModel(user, model, "chat");

// The local chat model as the team's default, which ingestion's enrichment and index builds use.
export const useLocalChatModelByDefault = async (user: TestUser) => {
  const llmId = await useLocalChatModel(user);
  await callApi("/models/default", {
    method: "PATCH",
    token: user.token,
    json: { model_type: "chat", model_id: llmId },
  });
};

// The fixtures are corpora of a few sentences, asked loosely worded questions: assistants made here search them at
// RAGFlow's threshold 0.2 unless a test sets one. `serverDefaults`: the threshold a new assistant gets.
export const createChat = async (user: TestUser, json: Record<string, unknown>, serverDefaults = false) => {
  const res = await callApi<Chat>("/chats", {
    token: user.token,
    json: {
      name: `Assistent ${crypto.randomUUID().slice(0, 8)}`,
      ...(serverDefaults ? {} : { similarity_threshold: 0.2 }),
      ...json,
    },
  });
  if (res.body.code !== 0) throw new Error(`createChat: ${res.body.message}`);
  return res.body.data;
};

export const createSession = async (user: TestUser, chatId: string, name = "Test") =>
  (await callApi<Session>(`/chats/${chatId}/sessions`, { token: user.token, json: { name } })).body.data;

type Envelope = { code: number; message: string; data: CompletionFrame | true | { answer: string } };

// Reads a streamed completion to the end: every envelope, in order.
export const streamFrames = async (path: string, token: string, json: unknown) => {
  const response = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify(json),
  });
  const text = await response.text();
  const envelopes = text
    .split("\n\n")
    .filter((event) => event.startsWith("data:"))
    .map((event) => JSON.parse(event.slice(5)) as Envelope);
  return { response, envelopes };
};

export const ask = async (user: TestUser, chatId: string, json: Record<string, unknown>) =>
  callApi<{
    answer: string;
    reference: { chunks: { content: string; document_name: string }[]; doc_aggs: { doc_name: string }[] };
    session_id: string;
    id: string;
    related_questions: string[];
    prompt: string;
  }>(`/chats/${chatId}/completions`, { token: user.token, json: { stream: false, ...json } });
