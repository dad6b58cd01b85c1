import { bytesToBase64 } from "../lib/bytes";
import { wordsOf } from "../lib/text";
import type { AiRunner } from "./providers/workers-ai";

// Workers AI has no local implementation, so tests (AI_BACKEND=fake) run this stand-in. It answers in the
// binding's output shapes with predictable content; the model "@cf/test/broken" fails like an outage.
const sse = (events: unknown[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      controller.close();
    },
  });

const vectorOf = (text: string) => {
  const vector = Array.from({ length: 16 }, () => 0);
  for (const word of wordsOf(text.toLowerCase()))
    vector[[...word].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 16]! += 1;
  return vector;
};

const overlap = (query: string, text: string) => {
  const words = new Set(wordsOf(text.toLowerCase()));
  const terms = wordsOf(query.toLowerCase());
  return terms.length ? terms.filter((term) => words.has(term)).length / terms.length : 0;
};

type Inputs = Record<string, unknown>;
type Message = { role: string; content: string; name?: string; tool_call_id?: string };
type Tool = { name: string; parameters?: { properties?: Record<string, { type?: string }> } };

// Function calling as the binding's function-calling models answer it: given tools and a user's turn last, a call of
// the first tool, each argument the user's last line (a question with "[Schleife]" calls it every time); after a
// tool's result (role "tool", naming the tool) the answer "Ergebnis: <result>". Llama 4 answers calls in OpenAI's
// shape, the others as {name, arguments}; streamed, the call comes in an event of its own. gpt-oss answers in
// OpenAI's Chat Completions shape (`choices`), as Cloudflare documents for it.
const toolAnswer = (model: string, inputs: Inputs) =>
  model.includes("gpt-oss")
    ? chatCompletions(legacyToolAnswer(model, inputs), model, inputs)
    : legacyToolAnswer(model, inputs);

type LegacyAnswer = { response?: string | null; tool_calls?: unknown[]; usage?: unknown };
const chatCompletions = (answer: LegacyAnswer | ReadableStream, model: string, inputs: Inputs) => {
  if (answer instanceof ReadableStream) {
    const plain = legacyToolAnswer(model, { ...inputs, stream: false }) as LegacyAnswer;
    const calls = (plain.tool_calls ?? []).map((call, index) => ({ index, ...(call as object) }));
    const pieces = (plain.response ?? "").split(/(?= )/).filter(Boolean);
    return sse([
      ...pieces.map((content) => ({ choices: [{ delta: { content } }] })),
      ...(calls.length ? [{ choices: [{ delta: { tool_calls: calls } }] }] : []),
      { choices: [], usage: plain.usage },
    ]);
  }
  return {
    choices: [{ message: { role: "assistant", content: answer.response ?? null, tool_calls: answer.tool_calls } }],
    usage: answer.usage,
  };
};

const legacyToolAnswer = (model: string, inputs: Inputs): LegacyAnswer | ReadableStream => {
  const messages = inputs.messages as Message[];
  const last = messages.at(-1);
  if (messages.some((message) => message.role === "tool" && !message.name))
    throw new Error("AiError: 5006: a tool message needs the name of its tool");
  const question =
    messages
      .findLast((message) => message.role === "user")
      ?.content.trim()
      .split("\n")
      .at(-1) ?? "";
  const first = ((inputs.tools ?? []) as Tool[])[0];
  const usage = { prompt_tokens: 21, completion_tokens: 7 };
  if (!first || (last?.role === "tool" && !question.includes("[Schleife]"))) {
    const response = last?.role === "tool" ? `Ergebnis: ${last.content}` : `Schluss: ${last?.content ?? ""}`;
    return inputs.stream
      ? sse([...response.split(/(?= )/).map((piece) => ({ response: piece })), { response: "", usage }])
      : { response, usage };
  }
  const args = Object.fromEntries(
    Object.entries(first.parameters?.properties ?? {}).map(([key, { type }]) => [
      key,
      type === "array" ? [question] : question,
    ]),
  );
  const call =
    model.includes("llama-4") || model.includes("gpt-oss")
      ? {
          id: `chatcmpl-tool-${messages.length}`,
          type: "function",
          function: { name: first.name, arguments: JSON.stringify(args) },
        }
      : { name: first.name, arguments: args };
  return inputs.stream
    ? sse([
        { response: "", tool_calls: [call] },
        { response: "", usage },
      ])
    : { response: null, tool_calls: [call], usage };
};

export const fakeWorkersAi: AiRunner = {
  async run(model: string, inputs: Inputs) {
    if (model === "@cf/test/broken") throw new Error("AiError: 3040: Capacity temporarily exceeded");
    if (
      Array.isArray(inputs.messages) &&
      (Array.isArray(inputs.tools) || (inputs.messages as Message[]).some((m) => m.role === "tool"))
    )
      return toolAnswer(model, inputs);
    if (Array.isArray(inputs.messages)) {
      const last = (inputs.messages as { content: string }[]).at(-1)?.content ?? "";
      const answer = `Workers AI: ${last}`;
      const usage = { prompt_tokens: 11, completion_tokens: 3 };
      return inputs.stream
        ? sse([...answer.split(/(?= )/).map((response) => ({ response })), { response: "", usage }])
        : { response: answer, usage };
    }
    if (Array.isArray(inputs.text))
      return { shape: [inputs.text.length, 16], data: (inputs.text as string[]).map(vectorOf) };
    if (Array.isArray(inputs.contexts)) {
      const contexts = inputs.contexts as { text: string }[];
      return { response: contexts.map((context, id) => ({ id, score: overlap(String(inputs.query), context.text) })) };
    }
    if (Array.isArray(inputs.image))
      return { description: `An image of ${inputs.image.length} bytes. ${String(inputs.prompt ?? "")}`.trim() };
    if (Array.isArray(inputs.audio)) return { text: `Transcript of ${inputs.audio.length} bytes of audio` };
    if (typeof inputs.prompt === "string")
      return { audio: bytesToBase64(new TextEncoder().encode(`ID3 ${inputs.prompt}`)) };
    throw new Error(`AiError: 5006: unsupported inputs for ${model}`);
  },
};
