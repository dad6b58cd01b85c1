// D1 read replication: the newest bookmark any answer carried, sent back with every request so the worker's D1
// session is never older than what this page has written or seen (docs/api.md, "Read-your-writes").
export const BOOKMARK_HEADER = "x-d1-bookmark";
const TRAILER = /: x-d1-bookmark (\S+)\n/;

// The newest bookmark per D1 shard: another shard's comes as "<shard>:<bookmark>" (docs/scaling.md), and a page
// may talk to two (a signed-out request goes to the default shard); the worker picks its shard's from the list.
const latest = new Map<string, string>();

// Bookmarks of one shard sort by age, so the greatest is the newest.
export const rememberBookmark = (bookmark: string | null | undefined) => {
  if (!bookmark) return;
  const shard = bookmark.includes(":") ? bookmark.slice(0, bookmark.indexOf(":")) : "";
  if (bookmark > (latest.get(shard) ?? "")) latest.set(shard, bookmark);
};

// Sent even while empty: it tells the worker that this client reads the bookmark at a stream's end.
export const bookmarkHeaders = (): Record<string, string> => ({ [BOOKMARK_HEADER]: [...latest.values()].join(",") });

// A stream's writes end after its headers: its last bookmark comes as an SSE comment at the end, picked up here
// while the body passes through unchanged.
export const watchStreamBookmark = (response: Response) => {
  rememberBookmark(response.headers.get(BOOKMARK_HEADER));
  if (!response.body || !(response.headers.get("Content-Type") ?? "").includes("text/event-stream")) return response;
  const decoder = new TextDecoder();
  let tail = "";
  const watch = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      tail = (tail + decoder.decode(chunk, { stream: true })).slice(-200);
      rememberBookmark(TRAILER.exec(tail)?.[1]);
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(watch), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};
