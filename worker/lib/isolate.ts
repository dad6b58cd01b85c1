// When this isolate began serving. Workers give no clock at module scope, so the first handler call sets it
// (every handler calls isolateStartedAt() on entry).
let startedAt: number | null = null;

export const isolateStartedAt = (): number => {
  startedAt ??= Date.now();
  return startedAt;
};
