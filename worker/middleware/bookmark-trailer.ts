import { BOOKMARK_HEADER } from "../platform/d1-session";

// An SSE comment after the last event (clients skip comments) carrying the session's bookmark as it stands once
// the stream's own writes (the saved answer) are done.
export const withBookmarkTrailer = (response: Response, bookmark: () => string | null) => {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) return response;
  const encoder = new TextEncoder();
  const trailer = new TransformStream<Uint8Array, Uint8Array>({
    flush(controller) {
      const last = bookmark();
      if (last) controller.enqueue(encoder.encode(`: ${BOOKMARK_HEADER} ${last}\n\n`));
    },
  });
  return new Response(response.body.pipeThrough(trailer), response);
};
