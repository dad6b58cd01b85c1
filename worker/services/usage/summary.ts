import { and, eq, gte, isNull, lte, ne, sql, sum } from "drizzle-orm";
import { PLAN_LIMITS, type Usage } from "../../contract/usage";
import { datasets, documents, files, usageDaily } from "../../db/schema";
import type { ServiceContext } from "../context";
import { FOLDER } from "../files/internal";
import { flushRequests, utcDay } from "./requests";

const asNumber = (value: unknown) => Number(value ?? 0) || 0;

// D1 reports the database's size after every statement; null where a driver leaves it out.
const databaseBytes = async (ctx: ServiceContext) => {
  try {
    const result = (await ctx.db.run(sql`select 1`)) as { meta?: { size_after?: number } };
    return typeof result.meta?.size_after === "number" ? result.meta.size_after : null;
  } catch {
    return null;
  }
};

// The team's documents, chunks, stored bytes (R2: dataset uploads plus the file manager; a document that links a
// file shares its blob), vector dimensions and API requests, with the limits of the configured Cloudflare plan.
export const usageSummary = async (ctx: ServiceContext, now = Date.now()): Promise<Usage> => {
  const tenantId = ctx.actor.tenantId;
  // this isolate's counts not yet written (other isolates write theirs within seconds)
  await flushRequests(ctx, now);
  const day = utcDay(now);
  const [counts, documentBytes, fileBytes, today, month, dbBytes, datasetIds] = await Promise.all([
    ctx.db
      .select({ documents: sum(datasets.docNum), chunks: sum(datasets.chunkNum) })
      .from(datasets)
      .where(eq(datasets.tenantId, tenantId)),
    ctx.db
      .select({ bytes: sum(documents.size) })
      .from(documents)
      .innerJoin(datasets, eq(documents.datasetId, datasets.id))
      .where(and(eq(datasets.tenantId, tenantId), isNull(documents.fileId))),
    ctx.db
      .select({ bytes: sum(files.size) })
      .from(files)
      .where(and(eq(files.tenantId, tenantId), ne(files.type, FOLDER))),
    ctx.db
      .select({ n: usageDaily.requests })
      .from(usageDaily)
      .where(and(eq(usageDaily.tenantId, tenantId), eq(usageDaily.day, day))),
    ctx.db
      .select({ n: sum(usageDaily.requests) })
      .from(usageDaily)
      .where(
        and(eq(usageDaily.tenantId, tenantId), gte(usageDaily.day, `${day.slice(0, 7)}-01`), lte(usageDaily.day, day)),
      ),
    databaseBytes(ctx),
    ctx.db.select({ id: datasets.id }).from(datasets).where(eq(datasets.tenantId, tenantId)),
  ]);
  const chunks = asNumber(counts[0]?.chunks);
  const dimensions = await ctx.vectors.storedDimensions(
    datasetIds.map((row) => row.id),
    chunks,
  );
  return {
    plan: ctx.config.plan,
    day,
    usage: {
      requests_today: asNumber(today[0]?.n),
      requests_month: asNumber(month[0]?.n),
      database_bytes: dbBytes,
      storage_bytes: asNumber(documentBytes[0]?.bytes) + asNumber(fileBytes[0]?.bytes),
      vector_dimensions: dimensions,
      documents: asNumber(counts[0]?.documents),
      chunks,
    },
    limits: PLAN_LIMITS[ctx.config.plan],
  };
};
