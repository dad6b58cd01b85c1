import { and, eq } from "drizzle-orm";
import { chunks, datasets, documents } from "../../db/schema";
import { UPLOAD_FILE_MAX_BYTES } from "../../contract/limits";
import { base64ToBytes } from "../../lib/bytes";
import { contentTypeFor, IMAGE_SUFFIXES, imageTypeOf } from "../../lib/content-types";
import { constantTimeEqual, hmacSha256Hex } from "../../lib/crypto";
import type { AppConfig } from "../../lib/config";
import { dataError, notFoundError, unauthorized } from "../../lib/errors";
import type { Deps, ServiceContext } from "../context";
import { visibleDatasets } from "./datasets";
import { figureKey, figuresOf } from "./storage-keys";

// RAGFlow's doc_type_kwd of a chunk: "image" for one with an image.
export const chunkDocType = (imageId: string) => (imageId ? "image" : "");

// RAGFlow's image_id of a chunk that shows an image, stored at ingestion: "<dataset>-<document>" for an image
// file's chunks, "<dataset>-<document>-<task's first page>-<n>" for a figure (docs/ingestion.md), and
// "<dataset>-<document>-chunk-<chunk>" for an image given with a chunk (image_base64).
const IMAGE_ID = /^([0-9a-f]{32})-([0-9a-f]{32})(?:-(\d+)-(\d+)|-chunk-([0-9a-f]{32}))?$/;

type DocumentRef = { id: string; datasetId: string; tenantId: string };
const givenImageKey = (doc: DocumentRef, chunkId: string) => `${figuresOf(doc)}chunk-${chunkId}`;

// An image_base64 sent with a chunk, checked before anything is written: a PNG, JPEG, GIF or WebP of at most 10 MB.
export const decodeChunkImage = (base64: string) => {
  const bytes = (() => {
    try {
      return base64ToBytes(base64);
    } catch {
      return new Uint8Array();
    }
  })();
  const contentType = imageTypeOf(bytes);
  if (bytes.length === 0 || !contentType) throw dataError("`image_base64` must be a PNG, JPEG, GIF or WebP image.");
  if (bytes.length > UPLOAD_FILE_MAX_BYTES) throw dataError("The image must be at most 10 MB");
  return { bytes, contentType };
};

export const givenImageId = (doc: DocumentRef, chunkId: string) => `${doc.datasetId}-${doc.id}-chunk-${chunkId}`;

export const storeChunkImage = (
  deps: Deps,
  doc: DocumentRef,
  chunkId: string,
  image: { bytes: Uint8Array; contentType: string },
) => deps.storage.put(givenImageKey(doc, chunkId), image.bytes.slice().buffer, image.contentType);

const signatureOf = (config: AppConfig, imageId: string) =>
  hmacSha256Hex(config.providerSecret, `chunk-image:${imageId}`);

// An address an <img> can load without signing in: signed for this one image, so it only opens what was shown
// with a chunk; it stops working once no chunk shows the image (deleted chunk or document).
export const chunkImageUrl = async (config: AppConfig, imageId: string) =>
  `/api/v1/document/image/${imageId}?signature=${await signatureOf(config, imageId)}`;

// Chunks that show an image get their signed image_url (retrieval signs them, so chat, search apps, agents and
// retrieval testing all have it).
export const withImageUrls = <T extends { image_id: string }>(
  config: AppConfig,
  items: T[],
): Promise<(T & { image_url?: string })[]> =>
  Promise.all(
    items.map(async (item) =>
      item.image_id ? { ...item, image_url: await chunkImageUrl(config, item.image_id) } : item,
    ),
  );

// The stored image a chunk of this document shows, or null: only while a chunk shows it, so a deleted figure
// chunk's image is gone for every link that carried it.
const findChunkImage = async (deps: Deps, imageId: string, tenantId?: string) => {
  const match = IMAGE_ID.exec(imageId);
  if (!match) return null;
  const [, datasetId, documentId, page, index, chunkId] = match;
  const doc = await deps.db.query.documents.findFirst({
    where: and(
      eq(documents.id, documentId as string),
      eq(documents.datasetId, datasetId as string),
      tenantId ? eq(documents.tenantId, tenantId) : undefined,
    ),
  });
  const shown =
    doc &&
    (await deps.db.query.chunks.findFirst({
      columns: { id: true },
      where: and(eq(chunks.documentId, doc.id), eq(chunks.imageId, imageId)),
    }));
  const location =
    !doc || !shown
      ? null
      : chunkId !== undefined
        ? givenImageKey(doc, chunkId)
        : page !== undefined
          ? figureKey(doc, Number(page), Number(index))
          : IMAGE_SUFFIXES.has(doc.suffix)
            ? doc.location
            : null;
  const blob = location ? await deps.storage.get(location) : null;
  if (!doc || !blob) return null;
  return {
    body: blob.body,
    size: blob.size,
    contentType:
      blob.contentType ?? (page !== undefined || chunkId !== undefined ? "image/png" : contentTypeFor(doc.suffix)),
  };
};

export const readChunkImage = async (deps: Deps, imageId: string, signature: string) => {
  // the signature is the credential: a wrong one is refused like a wrong token
  if (!IMAGE_ID.test(imageId) || !constantTimeEqual(signature, await signatureOf(deps.config, imageId)))
    throw unauthorized();
  const image = await findChunkImage(deps, imageId);
  if (!image) throw notFoundError("Image not found.");
  return image;
};

// RAGFlow's GET /documents/images/{image_id}: the same image for a signed-in member of the document's team.
export const readTeamChunkImage = async (ctx: ServiceContext, imageId: string) => {
  const datasetId = IMAGE_ID.exec(imageId)?.[1];
  const dataset =
    datasetId &&
    (await ctx.db.query.datasets.findFirst({
      columns: { id: true },
      where: and(eq(datasets.id, datasetId), visibleDatasets(ctx)),
    }));
  const image = dataset ? await findChunkImage(ctx, imageId, ctx.actor.tenantId) : null;
  if (!image) throw dataError("Image not found.");
  return image;
};
