import { and, eq } from "drizzle-orm";
import type { FileEntry } from "../../contract/files";
import { datasets, documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { visibleDatasets } from "../scope/datasets";
import { ancestorsOf, knowledgebaseFolder, rootFolder } from "./internal";
import { datasetAsFolder, documentAsFile, toFileEntry } from "./serialize";

// Entries under ".knowledgebase" are datasets and their documents; their chain is built from the dataset.
const virtualChain = async (ctx: ServiceContext, id: string): Promise<FileEntry[]> => {
  const tenantId = ctx.actor.tenantId;
  const doc = await ctx.db.query.documents.findFirst({
    where: and(eq(documents.id, id), eq(documents.tenantId, tenantId)),
  });
  const datasetId = doc?.fileId === null ? doc.datasetId : id;
  const dataset = await ctx.db.query.datasets.findFirst({
    where: and(eq(datasets.id, datasetId), visibleDatasets(ctx)),
  });
  if (!dataset) throw dataError(`File or folder ${id} not found.`);
  const [root, knowledgebase] = await Promise.all([rootFolder(ctx), knowledgebaseFolder(ctx)]);
  const chain = [toFileEntry(root), toFileEntry(knowledgebase), datasetAsFolder(dataset, knowledgebase.id)];
  return doc && doc.datasetId === dataset.id ? [...chain, documentAsFile(doc, dataset)] : chain;
};

// From the root down to the entry itself (breadcrumbs).
export const fileAncestors = async (ctx: ServiceContext, id: string) => {
  await rootFolder(ctx);
  const chain = await ancestorsOf(ctx, id);
  return chain.length ? chain.map((row) => toFileEntry(row)) : virtualChain(ctx, id);
};

export const fileParent = async (ctx: ServiceContext, id: string) => {
  const chain = await fileAncestors(ctx, id);
  return chain.at(-2) ?? (chain[0] as FileEntry);
};
