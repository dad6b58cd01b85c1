// Blob storage over R2. Keys are always tenant-scoped by the caller: `<tenantId>/<kind>/<id>`.
export type StoredBlob = { body: ReadableStream; size: number; contentType: string | undefined };

export type BlobStore = {
  put(key: string, body: ArrayBuffer | ReadableStream | string, contentType?: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  head(key: string): Promise<{ size: number } | null>;
  delete(keys: string | string[]): Promise<void>;
  deletePrefix(prefix: string): Promise<number>;
};

export const createR2BlobStore = (bucket: R2Bucket): BlobStore => ({
  async put(key, body, contentType) {
    await bucket.put(key, body, contentType ? { httpMetadata: { contentType } } : undefined);
  },
  async get(key) {
    const object = await bucket.get(key);
    if (!object) return null;
    return { body: object.body, size: object.size, contentType: object.httpMetadata?.contentType };
  },
  async head(key) {
    const object = await bucket.head(key);
    return object ? { size: object.size } : null;
  },
  async delete(keys) {
    await bucket.delete(keys);
  },
  async deletePrefix(prefix) {
    let removed = 0;
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor, limit: 1000 });
      if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
      removed += page.objects.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return removed;
  },
});
