import { CHUNK_LOAD_TIMEOUT_MS } from "../config";

// A code chunk (script and the stylesheets Vite preloads with it) that failed to load or took too long:
// shown as "reload the page" rather than as a fault of the file being viewed.
export class ChunkLoadError extends Error {
  readonly reason: "timeout" | "failed";
  constructor(reason: "timeout" | "failed", options?: ErrorOptions) {
    super(
      reason === "timeout"
        ? `code chunk not loaded within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`
        : "code chunk failed to load",
      options,
    );
    this.name = "ChunkLoadError";
    this.reason = reason;
  }
}

// Limits a dynamic import(): without a limit a stalled request would leave the page spinning for ever. Its own
// failure passes through unchanged (the router reloads the page once for a missing module, known by the
// browser's message). Route chunks get this from the build (vite.config.ts).
export const withChunkTimeout = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError("timeout")), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(cause);
      },
    );
  });

// A library loaded on demand (file previews): any failure is a ChunkLoadError.
export const loadChunk = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  withChunkTimeout(load, timeoutMs).catch((cause: unknown) => {
    throw cause instanceof ChunkLoadError ? cause : new ChunkLoadError("failed", { cause });
  });
