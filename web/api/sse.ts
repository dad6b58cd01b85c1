import { ApiError, apiError, envelopeOf } from "./client";

// Splits what has arrived of an SSE stream into complete `data:` payloads; an unfinished last line is kept for later.
export const splitSseData = (buffer: string) => {
  const lines = buffer.split("\n");
  const rest = lines.pop() ?? "";
  const payloads = lines
    .map((line) => line.replace(/\r$/, ""))
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trim())
    .filter(Boolean);
  return { payloads, rest };
};

// Reads a streamed answer: every `data:` payload goes to `onPayload`, which returns true when the stream is
// over. A JSON answer instead of a stream is an envelope error and is thrown.
export const readSseData = async (response: Response, onPayload: (payload: string) => boolean | void) => {
  if (!(response.headers.get("Content-Type") ?? "").includes("text/event-stream")) {
    throw apiError(response, await envelopeOf(response));
  }
  if (!response.body) throw new ApiError(response.status, response.statusText, response.status, false);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    // a last line without its newline still counts
    const { payloads, rest } = splitSseData(done ? `${buffer}\n` : buffer + value);
    buffer = rest;
    for (const payload of payloads) {
      if (onPayload(payload) === true) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
    if (done) return;
  }
};

// RAGFlow's envelope frames (a chat completion, a search answer) until `data: true`; an error frame is thrown.
export const readEnvelopeFrames = <F extends object>(response: Response, onFrame: (frame: F) => void) =>
  readSseData(response, (line) => {
    const payload = JSON.parse(line) as { code: number; message: string; data: F | boolean };
    if (payload.code !== 0) throw new ApiError(payload.code, payload.message, 200);
    if (payload.data === true) return true;
    if (typeof payload.data === "object") onFrame(payload.data);
  });
