import type { ServerResponse } from "node:http";

// Function calling for the stand-in models of every wire format, deterministic: offered functions and a user's
// turn last, the model calls the first function, each argument the user's last line (a list of it for list
// arguments); after a function's result it answers "Ergebnis: <result>". "tool-loop-model", or a question with
// "[Schleife]", calls the first function whenever functions are offered.

export type OfferedFunction = { name: string; properties: Record<string, { type?: string }> };
export type ToolStep = { call: { name: string; args: Record<string, unknown> } } | { text: string };

export const toolStep = (
  model: unknown,
  functions: OfferedFunction[],
  last: { kind: "user" | "tool"; text: string },
  question: string,
): ToolStep => {
  const first = functions[0];
  const loops = model === "tool-loop-model" || question.includes("[Schleife]");
  if (first && (last.kind === "user" || loops))
    return {
      call: {
        name: first.name,
        args: Object.fromEntries(
          Object.entries(first.properties).map(([key, { type }]) => [key, type === "array" ? [question] : question]),
        ),
      },
    };
  return { text: last.kind === "tool" ? `Ergebnis: ${last.text}` : `Schluss: ${last.text}` };
};

// the last line of the user's last turn
export const lastLine = (text: string | undefined) => text?.trim().split("\n").at(-1) ?? "";

export const sendJson = (response: ServerResponse, body: unknown, status = 200): void => {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
};

export const sendEvents = (response: ServerResponse, events: unknown[], end = "", named = false) => {
  response.writeHead(200, { "Content-Type": "text/event-stream" });
  for (const event of events) {
    const name = named ? `event: ${(event as { type: string }).type}\n` : "";
    response.write(`${name}data: ${JSON.stringify(event)}\n\n`);
  }
  response.end(end);
};

// a text in the pieces a stream would cut it into
export const pieces = (text: string) => text.split(/(?= )/);

type OpenAiMessage = { role: string; content: string | null };
type OpenAiTool = { function: { name: string; parameters: { properties: Record<string, { type: string }> } } };

// OpenAI's /chat/completions: tool_calls with arguments as JSON text; streamed, the call's id and name come
// first and its arguments in two pieces.
export const openAiToolTurn = (response: ServerResponse, body: Record<string, unknown>): void => {
  const messages = body.messages as OpenAiMessage[];
  const last = messages.at(-1);
  const step = toolStep(
    body.model,
    ((body.tools ?? []) as OpenAiTool[]).map((tool) => ({
      name: tool.function.name,
      properties: tool.function.parameters.properties,
    })),
    { kind: last?.role === "tool" ? "tool" : "user", text: last?.content ?? "" },
    lastLine(messages.findLast((message) => message.role === "user")?.content ?? ""),
  );
  const usage = { prompt_tokens: 15, completion_tokens: 8 };
  const id = `call_${messages.length}`;
  if (!body.stream) {
    if ("text" in step)
      return sendJson(response, { choices: [{ message: { role: "assistant", content: step.text } }], usage });
    const call = {
      id,
      type: "function",
      function: { name: step.call.name, arguments: JSON.stringify(step.call.args) },
    };
    return sendJson(response, {
      choices: [{ message: { role: "assistant", content: null, tool_calls: [call] }, finish_reason: "tool_calls" }],
      usage,
    });
  }
  const deltas =
    "text" in step
      ? pieces(step.text).map((content) => ({ content }))
      : (() => {
          const args = JSON.stringify(step.call.args);
          const half = Math.floor(args.length / 2);
          return [
            { tool_calls: [{ index: 0, id, type: "function", function: { name: step.call.name, arguments: "" } }] },
            { tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] },
            { tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] },
          ];
        })();
  sendEvents(
    response,
    [...deltas.map((delta) => ({ choices: [{ delta }] })), { choices: [], usage }],
    "data: [DONE]\n\n",
  );
};

type AnthropicBlock = { type: string; text?: string; content?: string; tool_use_id?: string; id?: string };
type AnthropicTurn = { role: string; content: string | AnthropicBlock[] };
type AnthropicTool = { name: string; input_schema: { properties: Record<string, { type: string }> } };

// Anthropic's Messages API: a sentence first, then a tool_use block; streamed, its input as input_json_delta
// pieces. A tool_result must answer a tool_use id of the turn before, as the real API checks.
export const anthropicToolTurn = (response: ServerResponse, body: Record<string, unknown>): void => {
  const turns = body.messages as AnthropicTurn[];
  const last = turns.at(-1);
  const results = Array.isArray(last?.content) ? last.content.filter((block) => block.type === "tool_result") : [];
  const asked = turns.at(-2)?.content;
  const askedIds = Array.isArray(asked) ? asked.filter((b) => b.type === "tool_use").map((b) => b.id) : [];
  if (results.some((result) => !askedIds.includes(result.tool_use_id)))
    return sendJson(
      response,
      { type: "error", error: { type: "invalid_request_error", message: "unexpected tool_use_id" } },
      400,
    );
  const userText = [...turns].reverse().find((turn) => typeof turn.content === "string")?.content as string;
  const step = toolStep(
    body.model,
    ((body.tools ?? []) as AnthropicTool[]).map((tool) => ({
      name: tool.name,
      properties: tool.input_schema.properties,
    })),
    results.length
      ? { kind: "tool", text: results.map((result) => result.content).join("\n") }
      : { kind: "user", text: typeof last?.content === "string" ? last.content : "" },
    lastLine(userText),
  );
  const id = `toolu_${turns.length}`;
  const usage = { input_tokens: 20, output_tokens: 9 };
  const intro = "Ich schaue nach.";
  if (!body.stream) {
    const content =
      "text" in step
        ? [{ type: "text", text: step.text }]
        : [
            { type: "text", text: intro },
            { type: "tool_use", id, name: step.call.name, input: step.call.args },
          ];
    return sendJson(response, { content, stop_reason: "text" in step ? "end_turn" : "tool_use", usage });
  }
  const text = "text" in step ? step.text : intro;
  const events: unknown[] = [
    { type: "message_start", message: { usage: { input_tokens: 20 } } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    ...pieces(text).map((piece) => ({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: piece },
    })),
    { type: "content_block_stop", index: 0 },
  ];
  if ("call" in step) {
    const args = JSON.stringify(step.call.args);
    events.push(
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id, name: step.call.name, input: {} },
      },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: args.slice(0, 5) } },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: args.slice(5) } },
      { type: "content_block_stop", index: 1 },
    );
  }
  events.push({ type: "message_delta", usage: { output_tokens: 9 } }, { type: "message_stop" });
  sendEvents(response, events, "", true);
};

type GeminiPart = {
  text?: string;
  functionCall?: { name: string };
  functionResponse?: { name: string; response: { content?: string } };
  thoughtSignature?: string;
};
type GeminiContent = { role: string; parts: GeminiPart[] };
type GeminiTools = {
  functionDeclarations: { name: string; parameters: { properties: Record<string, { type: string }> } }[];
}[];

export const GEMINI_SIGNATURE = "c2lnbmF0dXI=";

// Gemini's generateContent: functionCall parts with a thoughtSignature, which must come back with the call (as
// Gemini 3 insists); results are functionResponse parts naming the function. Streamed, the call comes whole.
export const geminiToolTurn = (
  response: ServerResponse,
  body: Record<string, unknown>,
  model: string,
  stream: boolean,
): void => {
  const contents = body.contents as GeminiContent[];
  const unsigned = contents.some(
    (content) =>
      content.role === "model" && content.parts.some((p) => p.functionCall && p.thoughtSignature !== GEMINI_SIGNATURE),
  );
  if (unsigned)
    return sendJson(response, { error: { code: 400, message: "Function call is missing a thought_signature" } }, 400);
  const last = contents.at(-1);
  const results = (last?.parts ?? []).filter((part) => part.functionResponse);
  const userText = [...contents].reverse().find((c) => c.role === "user" && c.parts[0]?.text)?.parts[0]?.text;
  const step = toolStep(
    model,
    ((body.tools ?? []) as GeminiTools).flatMap((tool) =>
      tool.functionDeclarations.map((fn) => ({ name: fn.name, properties: fn.parameters.properties })),
    ),
    results.length
      ? { kind: "tool", text: results.map((part) => part.functionResponse?.response.content ?? "").join("\n") }
      : { kind: "user", text: last?.parts[0]?.text ?? "" },
    lastLine(userText),
  );
  const usageMetadata = { promptTokenCount: 16, candidatesTokenCount: 5 };
  const callPart = (call: { name: string; args: Record<string, unknown> }) => ({
    functionCall: call,
    thoughtSignature: GEMINI_SIGNATURE,
  });
  if (!stream)
    return sendJson(response, {
      candidates: [{ content: { role: "model", parts: ["text" in step ? { text: step.text } : callPart(step.call)] } }],
      usageMetadata,
    });
  const chunks = "text" in step ? pieces(step.text).map((text) => ({ text })) : [callPart(step.call)];
  sendEvents(
    response,
    chunks.map((part) => ({ candidates: [{ content: { role: "model", parts: [part] } }], usageMetadata })),
  );
};

type OllamaMessage = { role: string; content: string; tool_name?: string };
type OllamaTool = { function: { name: string; parameters: { properties: Record<string, { type: string }> } } };

// Ollama's /api/chat: tool_calls with arguments as objects; a result (role "tool") names its function in
// tool_name. Streamed, the call arrives whole in one NDJSON line.
export const ollamaToolTurn = (response: ServerResponse, body: Record<string, unknown>): void => {
  const messages = body.messages as OllamaMessage[];
  const last = messages.at(-1);
  if (messages.some((message) => message.role === "tool" && !message.tool_name))
    return sendJson(response, { error: "tool_name missing" }, 400);
  const step = toolStep(
    body.model,
    ((body.tools ?? []) as OllamaTool[]).map((tool) => ({
      name: tool.function.name,
      properties: tool.function.parameters.properties,
    })),
    { kind: last?.role === "tool" ? "tool" : "user", text: last?.content ?? "" },
    lastLine(messages.findLast((message) => message.role === "user")?.content),
  );
  const done = { done: true, prompt_eval_count: 14, eval_count: 6 };
  const message =
    "text" in step
      ? { role: "assistant", content: step.text }
      : {
          role: "assistant",
          content: "",
          tool_calls: [{ function: { name: step.call.name, arguments: step.call.args } }],
        };
  if (!body.stream) return sendJson(response, { message, ...done });
  response.writeHead(200, { "Content-Type": "application/x-ndjson" });
  const lines =
    "text" in step
      ? pieces(step.text).map((content) => ({ message: { role: "assistant", content }, done: false }))
      : [{ message, done: false }];
  for (const line of lines) response.write(`${JSON.stringify(line)}\n`);
  response.end(`${JSON.stringify({ message: { role: "assistant", content: "" }, ...done })}\n`);
};
