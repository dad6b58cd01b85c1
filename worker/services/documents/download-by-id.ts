import { and, eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { downloadDocument } from "./download";

// RAGFlow's GET /documents/{id}: the same download without naming the dataset; it is looked up in the team.
export const downloadDocumentById = async (ctx: ServiceContext, documentId: string) => {
  const found = await ctx.db.query.documents.findFirst({
    columns: { datasetId: true },
    where: and(eq(documents.id, documentId), eq(documents.tenantId, ctx.actor.tenantId)),
  });
  if (!found) throw dataError("document not found");
  return downloadDocument(ctx, found.datasetId, documentId);
};
