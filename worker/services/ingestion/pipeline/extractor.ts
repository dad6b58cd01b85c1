import { type DataflowChunk, EXTRACTOR_FIELDS, type ExtractorField } from "../../../contract/dataflow";
import { inParallel } from "../../../lib/batches";
import type { ChatMessage } from "../../../platform/providers/types";
import type { Deps } from "../../context";
import { enrichmentModel } from "../../models/team-chat-model";
import { addUsage, recordUsage } from "../../models/usage";
import { type Payload, PipelineError, type Progress } from "./types";

// {Component:Id@chunks} (any component's output list) stands for the chunk being worked on, as in RAGFlow.
const CHUNKS_VARIABLE = /\{[^{}]+@chunks\}/g;
const withChunk = (template: string, text: string) => template.replace(CHUNKS_VARIABLE, () => text);

const messagesFor = (params: Record<string, unknown>, text: string): ChatMessage[] => {
  const prompts = (params.prompts ?? []) as { role: string; content: string }[];
  const sys = withChunk(String(params.sys_prompt ?? ""), text);
  return [
    ...(sys.trim() ? [{ role: "system" as const, content: sys }] : []),
    ...prompts
      .filter((prompt) => prompt.content.trim())
      .map((prompt) => ({
        role: (prompt.role === "assistant" ? "assistant" : "user") as "assistant" | "user",
        content: withChunk(prompt.content, text),
      })),
  ];
};

const chunksOf = (payload: Payload): DataflowChunk[] =>
  payload.format === "chunks"
    ? payload.chunks
    : payload.format === "json"
      ? payload.sections
      : [{ text: payload.text }];

// Extractor: for each chunk the chat model (llm_id, else the team's) answers the component's prompts with the
// chunk's text in place of its {…@chunks} variable; the answer goes into the chunk's field_name.
export const runExtractor = async (
  deps: Deps,
  tenantId: string,
  params: Record<string, unknown>,
  payload: Payload,
  progress: Progress,
): Promise<Payload> => {
  const field = String(params.field_name ?? "") as ExtractorField;
  if (!(EXTRACTOR_FIELDS as readonly string[]).includes(field))
    throw new PipelineError(`Extractor: field_name must be one of ${EXTRACTOR_FIELDS.join(", ")}.`);
  const model = await enrichmentModel(deps, tenantId, { llm_id: String(params.llm_id ?? "") });
  if (!model)
    throw new PipelineError(
      "Extractor: no chat model to use. Pick one in the component or set the team's default chat model.",
    );
  const chunks = chunksOf(payload).map((chunk) => ({ ...chunk }));
  const options = {
    temperature: Number(params.temperature ?? 0.1),
    ...(Number(params.max_tokens) > 0 && params.maxTokensEnabled !== false
      ? { max_tokens: Number(params.max_tokens) }
      : {}),
  };
  const usage = { promptTokens: 0, completionTokens: 0 };
  let done = 0;
  await inParallel(chunks, async (chunk) => {
    const answer = await model.complete(messagesFor(params, chunk.text), options);
    addUsage(usage, answer.usage);
    chunk[field] = answer.text.trim();
    done += 1;
  });
  await recordUsage(deps, tenantId, model.id, usage);
  await progress(0.5, `Extractor: ${field} of ${done} chunks written with ${model.id}.`);
  return { format: "chunks", chunks };
};
