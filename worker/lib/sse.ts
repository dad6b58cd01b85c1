// Server-sent events over a POST response (RAGFlow's streaming): one `data:<json>` event per item.
// Cancelling the response (the client went away or pressed stop) aborts the signal the producer got.
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

export const sseResponse = (produce: (signal: AbortSignal) => AsyncIterable<unknown>) => {
  const abort = new AbortController();
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<unknown> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      iterator ??= produce(abort.signal)[Symbol.asyncIterator]();
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(typeof value === "string" ? value : `data:${JSON.stringify(value)}\n\n`));
    },
    async cancel() {
      abort.abort();
      await iterator?.return?.(undefined);
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
};
