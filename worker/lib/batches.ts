// D1 allows 100 bound parameters per statement; id lists are split below that.
export const D1_MAX_PARAMS = 90;

// How many rows of so many columns one multi-row insert may bind.
export const rowsPerInsert = (columns: number) => Math.floor(D1_MAX_PARAMS / columns);

export const inChunks = <T>(items: readonly T[], size = D1_MAX_PARAMS): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const PARALLEL = 4;

// Runs `work` on every item, four at a time (model calls: fast enough, and gentle on rate limits).
export const inParallel = async <T>(items: T[], work: (item: T) => Promise<void>) => {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await work(next);
    }),
  );
};
