import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../../web/config";
import { ChunkLoadError, loadChunk, withChunkTimeout } from "../../../web/lib/load-chunk";
import { chunkTypeOf, chunkUrlOf } from "../../../web/components/route-error";

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe("loadChunk", () => {
  afterEach(() => vi.useRealTimers());

  it("gives up on a chunk that has not arrived after 120 s, and not before", async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const load = outcome(loadChunk(() => new Promise(() => {}))).then((result) => {
      settled();
      return result;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const { error } = (await load) as { error: ChunkLoadError };
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.message).toBe("code chunk not loaded within 120 s");
  });

  it("hands over a module that arrives in time", async () => {
    vi.useFakeTimers();
    const load = loadChunk(
      () => new Promise((resolve) => setTimeout(() => resolve({ answer: 42 }), CHUNK_LOAD_TIMEOUT_MS - 10)),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await expect(load).resolves.toEqual({ answer: 42 });
  });

  it("marks a failed import as a chunk error and keeps its cause", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module");
    const { error } = (await outcome(loadChunk(() => Promise.reject(cause)))) as { error: ChunkLoadError };
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.cause).toBe(cause);
  });
});

describe("withChunkTimeout (route chunks)", () => {
  afterEach(() => vi.useRealTimers());

  it("times out like loadChunk but lets the browser's own failure through, which the router recognises", async () => {
    vi.useFakeTimers();
    const stalled = outcome(withChunkTimeout(() => new Promise(() => {})));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(((await stalled) as { error: ChunkLoadError }).error.reason).toBe("timeout");
    const cause = new TypeError("Failed to fetch dynamically imported module: /assets/chat.js");
    expect(await outcome(withChunkTimeout(() => Promise.reject(cause)))).toEqual({ error: cause });
  });
});

describe("route chunk errors", () => {
  it("name the type and address of the chunk that failed, stylesheets included", () => {
    const script = "Failed to fetch dynamically imported module: http://127.0.0.1:8787/assets/chat-page-abc.js";
    expect([chunkTypeOf(script), chunkUrlOf(script)]).toEqual([
      "script",
      "http://127.0.0.1:8787/assets/chat-page-abc.js",
    ]);
    const css = "Unable to preload CSS for /assets/chat-page-abc.css";
    expect([chunkTypeOf(css), chunkUrlOf(css)]).toEqual(["stylesheet", "/assets/chat-page-abc.css"]);
  });
});
