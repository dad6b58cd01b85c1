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

// The tenant's image-to-text model (system model settings), or null when none is set.
export const imageModelOf = async (deps: Deps, tenantId: string) => {
  const tenant = await deps.db.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
  if (!tenant?.img2txtId) return null;
  return resolveModel(deps, tenantId, tenant.img2txtId, "image2text").catch((error: Error) => {
    throw new UnreadableDocumentError(error.message);
  });
};

export type ImageModel = NonNullable<Awaited<ReturnType<typeof imageModelOf>>>;

// What the model sees in an image, for the search index ("" when nothing).
export const imageText = async (
  deps: Deps,
  tenantId: string,
  model: ImageModel,
  bytes: Uint8Array,
  mimeType: string,
  prompt = PROMPT,
) => {
  const { text, usage } = await model.describe(bytes, mimeType, prompt);
  await recordUsage(deps, tenantId, model.id, usage);
  return text.trim();
};

// An image becomes one text block written by the tenant's image-to-text model.
export const describeImage = async (
  deps: Deps,
  tenantId: string,
  suffix: string,
  bytes: Uint8Array,
): Promise<ParsedDocument> => {
  const model = await imageModelOf(deps, tenantId);
  if (!model)
    throw new UnreadableDocumentError(
      "Images need an image-to-text model to be parsed. Set one in the system model settings.",
    );
  const text = await imageText(deps, tenantId, model, bytes, contentTypeFor(suffix));
  if (!text) throw new UnreadableDocumentError("The image-to-text model found nothing to describe.");
  return { blocks: [{ text, kind: "text" }] };
};
