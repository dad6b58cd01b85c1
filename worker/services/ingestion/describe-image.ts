import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema";
import { contentTypeFor } from "../../lib/content-types";
import { UnreadableDocumentError } from "../../rag/parse";
import type { ParsedDocument } from "../../rag/parse";
import type { Deps } from "../context";
import { resolveModel } from "../models/resolve";
import { recordUsage } from "../models/usage";

const PROMPT =
  "Describe this image for a search index: transcribe every visible text exactly, then describe charts, tables and pictures in detail. Answer in the language of the text in the image.";

// An image becomes one text block written by the tenant's image-to-text model (system model settings).
export const describeImage = async (deps: Deps, tenantId: string, suffix: string, bytes: Uint8Array): Promise<ParsedDocument> => {
  const tenant = await deps.db.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
  if (!tenant?.img2txtId) throw new UnreadableDocumentError("Images need an image-to-text model to be parsed. Set one in the system model settings.");
  const model = await resolveModel(deps, tenantId, tenant.img2txtId, "image2text").catch((error: Error) => {
    throw new UnreadableDocumentError(error.message);
  });
  const { text, usage } = await model.describe(bytes, contentTypeFor(suffix), PROMPT);
  await recordUsage(deps, tenantId, model.id, usage);
  if (!text.trim()) throw new UnreadableDocumentError("The image-to-text model found nothing to describe.");
  return { blocks: [{ text: text.trim(), kind: "text" }] };
};
