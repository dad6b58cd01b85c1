import { CHUNK_LOAD_TIMEOUT_MS } from "../config";

// A code chunk (script and the stylesheets Vite preloads with it) that failed to load or took too long:
// shown as "reload the page" rather than as a fault of the file being viewed.
export class ChunkLoadError extends Error {
  constructor(reason: "timeout" | "failed", options?: ErrorOptions) {
    super(reason === "timeout" ? `code chunk not loaded within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s` : "code chunk failed to load", options);
    this.name = "ChunkLoadError";
  }
}

// Wraps a dynamic import(): without a limit a stalled request would leave the viewer spinning for ever.
export const loadChunk = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError("timeout")), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError("failed", { cause }));
      },
    );
  });
