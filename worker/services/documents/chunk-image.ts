import { and, eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { extensionOf } from "../../contract/documents";
import { contentTypeFor, IMAGE_SUFFIXES } from "../../lib/content-types";
import { constantTimeEqual, hmacSha256Hex } from "../../lib/crypto";
import type { AppConfig } from "../../lib/config";
import { notFoundError, unauthorized } from "../../lib/errors";
import type { Deps } from "../context";
import { figureKey } from "../ingestion/figures";

// The image a chunk shows: RAGFlow's image_id, "<dataset>-<document>" for chunks of image files (whose text the
// image-to-text model wrote), the stored "<dataset>-<document>-<page>-<n>" of a PDF's figure chunk; others none.
export const chunkImageId = (datasetId: string, documentId: string, documentName: string, stored: string) =>
  stored || (IMAGE_SUFFIXES.has(extensionOf(documentName)) ? `${datasetId}-${documentId}` : "");

// RAGFlow's doc_type_kwd of a chunk: "image" for one with an image.
export const chunkDocType = (imageId: string) => (imageId ? "image" : "");

const IMAGE_ID = /^([0-9a-f]{32})-([0-9a-f]{32})(?:-(\d+)-(\d+))?$/;

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
  const [, datasetId, documentId, page, index] = match;
  const doc = await deps.db.query.documents.findFirst({ where: and(eq(documents.id, documentId as string), eq(documents.datasetId, datasetId as string)) });
  const location = !doc ? null : page !== undefined ? figureKey(doc, Number(page), Number(index)) : IMAGE_SUFFIXES.has(doc.suffix) ? doc.location : null;
  const blob = location ? await deps.storage.get(location) : null;
  if (!doc || !blob) throw notFoundError("Image not found.");
  return { body: blob.body, size: blob.size, contentType: blob.contentType ?? (page !== undefined ? "image/png" : contentTypeFor(doc.suffix)) };
};
