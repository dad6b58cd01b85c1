import { and, eq, inArray } from "drizzle-orm";
import type { LinkedDataset } from "../../contract/files";
import { datasets, documents } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import type { ServiceContext } from "../context";
import { visibleDatasets } from "../scope/datasets";

// The datasets each file is linked into, with the document that links it (only datasets the caller may see: a
// teammate's private knowledge base is not named).
export const linksOf = async (ctx: ServiceContext, fileIds: string[]) => {
  const links = new Map<string, LinkedDataset[]>();
  for (const part of inChunks(fileIds, 80)) {
    const rows = await ctx.db
      .select({ fileId: documents.fileId, docId: documents.id, kbId: datasets.id, kbName: datasets.name })
      .from(documents)
      .innerJoin(datasets, eq(datasets.id, documents.datasetId))
      .where(and(inArray(documents.fileId, part), visibleDatasets(ctx)));
    for (const row of rows) {
      if (!row.fileId || row.kbId === undefined) continue;
      links.set(row.fileId, [
        ...(links.get(row.fileId) ?? []),
        { kb_id: row.kbId, kb_name: row.kbName, doc_id: row.docId },
      ]);
    }
  }
  return links;
};
