// D1 allows 100 bound parameters per statement; id lists are split below that.
export const D1_MAX_PARAMS = 90;

export const inChunks = <T>(items: readonly T[], size = D1_MAX_PARAMS): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
