import { inArray } from "drizzle-orm";
import type { OpenAiCompletionInput, Reference } from "../../contract/chats";
import { type DialogRow, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { type AnswerResult, answerQuestion } from "./answer";
import { recordTurn, variablesOf } from "./completion";
import { variableValues } from "./messages";
import { rowsInChunks } from "../../lib/batches";

const chunkObject = (
  id: string,
  model: string,
  delta: Record<string, unknown>,
  finish: string | null,
  extra: Record<string, unknown> = {},
) => ({
  id,
  object: "chat.completion.chunk",
  created: Math.floor(nowMs() / 1000),
  model,
  choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  ...extra,
});

const usageOf = (result: AnswerResult) => ({
  prompt_tokens: result.usage.promptTokens,
  completion_tokens: result.usage.completionTokens,
  total_tokens: result.usage.promptTokens + result.usage.completionTokens,
});

type MetadataRequest = NonNullable<NonNullable<OpenAiCompletionInput["extra_body"]>["reference_metadata"]>;

// RAGFlow's references on this route: the list of cited chunks, each with its document's metadata when asked
// (`fields` picks some; an empty list gives none).
const referenceChunks = async (ctx: ServiceContext, reference: Reference, metadata: MetadataRequest | undefined) => {
  if (!metadata?.include || metadata.fields?.length === 0) return reference.chunks;
  const ids = [...new Set(reference.chunks.map((chunk) => chunk.document_id))];
  const rows = await rowsInChunks(ids, (part) =>
    ctx.db.select({ id: documents.id, meta: documents.metaFields }).from(documents).where(inArray(documents.id, part)),
  );
  const wanted = metadata.fields ? new Set(metadata.fields) : null;
  const metaOf = new Map(
    rows.map((row) => [
      row.id,
      Object.fromEntries(
        Object.entries((row.meta ?? {}) as Record<string, unknown>).filter(([key]) => !wanted || wanted.has(key)),
      ),
    ]),
  );
  return reference.chunks.map((chunk) => ({ ...chunk, document_metadata: metaOf.get(chunk.document_id) ?? {} }));
};

// /openai/{chat_id}/chat/completions: the OpenAI shape over the same pipeline; nothing is stored as a
// session, but the turn counts in the assistant's stats.
export const openAiCompletion = async (
  ctx: ServiceContext,
  dialog: DialogRow,
  input: OpenAiCompletionInput,
  userId: string,
) => {
  const history = input.messages.filter((message) => message.role !== "system");
  if (history.at(-1)?.role !== "user") throw dataError("The last content of this conversation is not from user.");
  const values = variableValues(dialog.promptConfig, variablesOf(input));
  const id = `chatcmpl-${newId()}`;
  const model = input.model === "model" ? dialog.llmId : input.model;
  const withReference = input.extra_body?.reference === true;
  const references = (reference: Reference) => referenceChunks(ctx, reference, input.extra_body?.reference_metadata);
  const run = (signal?: AbortSignal) =>
    answerQuestion(ctx, {
      dialog,
      history: history.map((m) => ({ role: m.role as "user" | "assistant", content: m.content })),
      values,
      docIds: [],
      metadataCondition: input.extra_body?.metadata_condition,
      signal,
    });
  const finish = async (result: AnswerResult, started: number) =>
    recordTurn(ctx, {
      dialog,
      conversationId: null,
      messageId: id,
      userId,
      source: "api",
      result,
      durationMs: nowMs() - started,
    });

  async function* stream(signal: AbortSignal) {
    const started = nowMs();
    yield chunkObject(id, model, { role: "assistant", content: "" }, null);
    for await (const event of run(signal)) {
      if ("delta" in event) {
        yield chunkObject(id, model, { content: event.delta }, null);
        continue;
      }
      await finish(event.done, started);
      const final = {
        ...(withReference && {
          content: "",
          reference: await references(event.done.reference),
          final_content: event.done.answer,
        }),
        ...(event.done.notice && { notice: event.done.notice }),
      };
      yield chunkObject(id, model, final, "stop", { usage: usageOf(event.done) });
    }
    yield "data:[DONE]\n\n";
  }

  const complete = async () => {
    const started = nowMs();
    for await (const event of run()) {
      if (!("done" in event)) continue;
      await finish(event.done, started);
      return {
        id,
        object: "chat.completion",
        created: Math.floor(started / 1000),
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: event.done.answer,
              ...(withReference && { reference: await references(event.done.reference) }),
              ...(event.done.notice && { notice: event.done.notice }),
            },
            finish_reason: "stop",
            logprobs: null,
          },
        ],
        usage: usageOf(event.done),
      };
    }
    throw new Error("the chat pipeline ended without an answer");
  };
  return { stream, complete };
};
