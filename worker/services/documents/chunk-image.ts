import { and, eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { extensionOf } from "../../contract/documents";
import { contentTypeFor, IMAGE_SUFFIXES } from "../../lib/content-types";
import { constantTimeEqual, hmacSha256Hex } from "../../lib/crypto";
import type { AppConfig } from "../../lib/config";
import { notFoundError, unauthorized } from "../../lib/errors";
import type { Deps } from "../context";

// The image a chunk shows: RAGFlow's image_id ("<dataset>-<document>") for chunks of image files, whose text the
// image-to-text model wrote; other chunks have none.
export const chunkImageId = (datasetId: string, documentId: string, documentName: string) => (IMAGE_SUFFIXES.has(extensionOf(documentName)) ? `${datasetId}-${documentId}` : "");

// RAGFlow's doc_type_kwd of a chunk: "image" for one with an image.
export const chunkDocType = (imageId: string) => (imageId ? "image" : "");

const IMAGE_ID = /^([0-9a-f]{32})-([0-9a-f]{32})$/;

const signatureOf = (config: AppConfig, imageId: string) => hmacSha256Hex(config.providerSecret, `chunk-image:${imageId}`);

// An address an <img> can load without signing in: signed for this one image, so it only opens what an answer
// cited; a deleted document's image is gone with it.
export const chunkImageUrl = async (config: AppConfig, imageId: string) => `/api/v1/document/image/${imageId}?signature=${await signatureOf(config, imageId)}`;

// Chunks that show an image get their signed image_url (retrieval signs them, so chat, search apps, agents and
// retrieval testing all have it).
export const withImageUrls = <T extends { image_id: string }>(config: AppConfig, items: T[]): Promise<(T & { image_url?: string })[]> =>
  Promise.all(items.map(async (item) => (item.image_id ? { ...item, image_url: await chunkImageUrl(config, item.image_id) } : item)));

export const readChunkImage = async (deps: Deps, imageId: string, signature: string) => {
  const match = IMAGE_ID.exec(imageId);
  // the signature is the credential: a wrong one is refused like a wrong token
  if (!match || !constantTimeEqual(signature, await signatureOf(deps.config, imageId))) throw unauthorized();
  const doc = await deps.db.query.documents.findFirst({ where: and(eq(documents.id, match[2] as string), eq(documents.datasetId, match[1] as string)) });
  const blob = doc && IMAGE_SUFFIXES.has(doc.suffix) ? await deps.storage.get(doc.location) : null;
  if (!doc || !blob) throw notFoundError("Image not found.");
  return { body: blob.body, size: blob.size, contentType: blob.contentType ?? contentTypeFor(doc.suffix) };
};
