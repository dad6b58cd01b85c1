import { describe, expect, it } from "vitest";
import { bookmarkHeaders, rememberBookmark, watchStreamBookmark } from "../../../web/api/bookmark";

const mark = (n: number) => `00000000-${n.toString(16).padStart(8, "0")}-00000000-${"0".repeat(32)}`;

describe("the D1 bookmark the SPA sends back", () => {
  it("keeps the newest bookmark it has seen", () => {
    rememberBookmark(mark(5));
    rememberBookmark(mark(3));
    rememberBookmark(null);
    expect(bookmarkHeaders()).toEqual({ "x-d1-bookmark": mark(5) });
  });

  it("reads a stream's closing bookmark and passes the stream on unchanged", async () => {
    const body = `data:{"code":0,"data":true}\n\n: x-d1-bookmark ${mark(9)}\n\n`;
    const parts = [body.slice(0, 40), body.slice(40)].map((part) => new TextEncoder().encode(part));
    const stream = new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const response = watchStreamBookmark(
      new Response(stream, { headers: { "Content-Type": "text/event-stream", "x-d1-bookmark": mark(7) } }),
    );
    expect(bookmarkHeaders()["x-d1-bookmark"]).toBe(mark(7));
    expect(await response.text()).toBe(body);
    expect(bookmarkHeaders()["x-d1-bookmark"]).toBe(mark(9));
  });

  it("keeps the newest bookmark of each D1 shard and sends them all", () => {
    rememberBookmark(`DB_2:${mark(4)}`);
    rememberBookmark(`DB_2:${mark(2)}`);
    rememberBookmark(mark(10));
    expect(bookmarkHeaders()).toEqual({ "x-d1-bookmark": `${mark(10)},DB_2:${mark(4)}` });
  });
});
