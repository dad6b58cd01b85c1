// What one request (or queue batch) costs in D1: sequential round trips (calls that start while none of the same
// tally is in flight; a batch or concurrent calls count once), those that reach the primary, statements, and the
// rows D1 bills. Optionally sleeps before each call to simulate the distance to the primary or a nearby replica
// (npm run bench:edge). Off unless D1_METER or D1_LATENCY_MS asks for it.

export type D1Client = Pick<D1DatabaseSession, "prepare" | "batch">;

export type D1Tally = {
  roundTrips: number;
  primaryRoundTrips: number;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
};

export const emptyTally = (): D1Tally => ({
  roundTrips: 0,
  primaryRoundTrips: 0,
  statements: 0,
  rowsRead: 0,
  rowsWritten: 0,
});

// Every metered call in this isolate, for tests that measure one request at a time.
export const isolateTally = emptyTally();

// "sessions": reads may go to a replica (the first one to the primary under "first-primary"); writes always go to
// the primary. "primary": no session, every call goes to the primary.
export type Routing = { mode: "sessions"; firstPrimary: boolean } | { mode: "primary" };

export type Latency = { primaryMs: number; replicaMs: number };

// "80,5": milliseconds per call to the primary and to a replica.
export const parseLatency = (value: string | undefined): Latency | null => {
  const [primaryMs, replicaMs] = (value ?? "").split(",").map(Number);
  if (!Number.isFinite(primaryMs) || !Number.isFinite(replicaMs) || primaryMs === undefined) return null;
  return { primaryMs, replicaMs: replicaMs ?? primaryMs };
};

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;
const CTE_WRITE = /^\s*with\b[\s\S]*\b(insert|update|delete|replace)\b/i;
const isWrite = (sql: string) => WRITE.test(sql) || CTE_WRITE.test(sql);

type Meta = { rows_read?: number; rows_written?: number };

class Meter {
  addRows(meta: Meta) {
    for (const tally of [this.tally, isolateTally]) {
      tally.rowsRead += meta.rows_read ?? 0;
      tally.rowsWritten += meta.rows_written ?? 0;
    }
  }

  private inFlight = 0;
  private calls = 0;
  constructor(
    private readonly tally: D1Tally,
    private readonly routing: Routing,
    private readonly latency: Latency | null,
  ) {}

  async call<T>(sqls: string[], run: () => Promise<T>, metas: (result: T) => Meta[]): Promise<T> {
    const first = this.calls++ === 0;
    const primary = this.routing.mode === "primary" || sqls.some(isWrite) || (first && this.routing.firstPrimary);
    for (const tally of [this.tally, isolateTally]) {
      tally.statements += sqls.length;
      if (this.inFlight === 0) {
        tally.roundTrips++;
        if (primary) tally.primaryRoundTrips++;
      }
    }
    this.inFlight++;
    try {
      if (this.latency) await sleep(primary ? this.latency.primaryMs : this.latency.replicaMs);
      const result = await run();
      for (const meta of metas(result)) this.addRows(meta);
      return result;
    } finally {
      this.inFlight--;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// first() is run as all() (D1's first() hands back no meta). raw() hands back none either and cannot be rebuilt
// from all() (a join's repeated column names collapse), so a read is run once more as all() for its meta; that
// shadow call is not counted as a round trip nor delayed.
class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly meter: Meter,
  ) {}
  bind(...values: unknown[]) {
    return new MeteredStatement(this.inner.bind(...values), this.sql, this.meter);
  }
  all<T>() {
    return this.meter.call(
      [this.sql],
      () => this.inner.all<T>(),
      (result) => [result.meta],
    );
  }
  run<T>() {
    return this.meter.call(
      [this.sql],
      () => this.inner.run<T>(),
      (result) => [result.meta],
    );
  }
  async first<T>(column?: string) {
    const { results } = await this.all<Record<string, unknown>>();
    const row = results[0];
    if (!row) return null;
    return (column === undefined ? row : (row[column] ?? null)) as T;
  }
  async raw<T>(options?: { columnNames?: boolean }) {
    const rows = await this.meter.call(
      [this.sql],
      () => this.inner.raw<T>(options as { columnNames: true }),
      () => [],
    );
    // a write's meta is lost: each row it hands back (RETURNING) counts as one written
    if (isWrite(this.sql)) this.meter.addRows({ rows_written: rows.length - (options?.columnNames ? 1 : 0) });
    else this.meter.addRows((await this.inner.all()).meta);
    return rows;
  }
}

// `client` seen through a meter; statements it prepares can be batched only by the same wrapper.
export const meteredD1 = (client: D1Client, tally: D1Tally, routing: Routing, latency: Latency | null): D1Client => {
  const meter = new Meter(tally, routing, latency);
  return {
    prepare: (sql: string) => new MeteredStatement(client.prepare(sql), sql, meter) as unknown as D1PreparedStatement,
    batch: <T>(statements: D1PreparedStatement[]) => {
      const metered = statements as unknown as MeteredStatement[];
      return meter.call(
        metered.map((statement) => statement.sql),
        () => client.batch<T>(metered.map((statement) => statement.inner)),
        (results) => results.map((result) => result.meta),
      );
    },
  };
};
