// SSE comments after the last event (clients skip comments) with what is known only once the stream's own writes
// (the saved answer) are done: the session's bookmark, and under D1_METER the request's D1 tally.
export const withStreamTrailer = (response: Response, comments: () => string[]) => {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) return response;
  const encoder = new TextEncoder();
  const trailer = new TransformStream<Uint8Array, Uint8Array>({
    flush(controller) {
      for (const comment of comments()) controller.enqueue(encoder.encode(`: ${comment}\n\n`));
    },
  });
  return new Response(response.body.pipeThrough(trailer), response);
};
