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

export const fakeWorkersAi: AiRunner = {
  async run(model: string, inputs: Inputs) {
    if (model === "@cf/test/broken") throw new Error("AiError: 3040: Capacity temporarily exceeded");
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
