export const nowMs = (): number => Date.now();

// Unix seconds, as RAGFlow stamps its events and tokens.
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const httpDate = (ms: number): string => new Date(ms).toUTCString();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// Lets waiting requests run between long synchronous steps (the queue consumer shares the isolate with them).
export const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
