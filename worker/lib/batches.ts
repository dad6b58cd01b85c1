import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

// D1 allows 100 bound parameters per statement; id lists are split below that.
export const D1_MAX_PARAMS = 90;

// How many rows of so many columns one multi-row insert may bind.
export const rowsPerInsert = (columns: number) => Math.floor(D1_MAX_PARAMS / columns);

export const inChunks = <T>(items: readonly T[], size = D1_MAX_PARAMS): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

// The one way to bind a list whose length a caller or the data decides (ids from a request body, every row of a
// team…): the statement runs once per slice small enough to bind, one slice after another.
export const eachChunk = async <T>(
  items: readonly T[],
  statement: (part: T[]) => PromiseLike<unknown>,
  size = D1_MAX_PARAMS,
) => {
  for (const part of inChunks(items, size)) await statement(part);
};

// The same for a query: the rows of every slice, in slice order.
export const rowsInChunks = async <T, R>(
  items: readonly T[],
  query: (part: T[]) => PromiseLike<R[]>,
  size = D1_MAX_PARAMS,
): Promise<R[]> => {
  const rows: R[] = [];
  for (const part of inChunks(items, size)) rows.push(...(await query(part)));
  return rows;
};

// A list that filters a query which must run whole (a page, a ranking, a count) binds as one JSON parameter.
export const inJsonList = (column: SQLWrapper, values: readonly (string | number)[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;

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
