import { desc } from "drizzle-orm";
import { datasets } from "../../db/schema";
import type { ServiceContext } from "../context";
import { visibleDatasets } from "../scope/datasets";

const MAX_LISTED = 1000;

// The knowledge bases the key's maker sees in its team (shared ones and their own), newest changes first.
export const listKnowledgeBases = async (ctx: ServiceContext) => {
  const rows = await ctx.db
    .select()
    .from(datasets)
    .where(visibleDatasets(ctx))
    .orderBy(desc(datasets.updateTime))
    .limit(MAX_LISTED);
  return {
    knowledge_bases: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description ?? "",
      document_count: row.docNum,
      chunk_count: row.chunkNum,
    })),
  };
};
