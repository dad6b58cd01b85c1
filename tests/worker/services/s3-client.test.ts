import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createS3Client, S3Error, type S3Config } from "../../../worker/platform/s3";
import { S3_REGION, S3_SEED } from "../../helpers/shared/s3-seed";

// Against the local S3-compatible server (tests/helpers/servers/s3-server.ts), which checks every SigV4 signature.
const config = (): S3Config => ({
  endpoint: env.TEST_S3_URL,
  region: S3_REGION,
  bucket: env.TEST_S3_BUCKET,
  accessKeyId: env.TEST_S3_ACCESS_KEY_ID,
  secretAccessKey: env.TEST_S3_SECRET_ACCESS_KEY,
});

const seedKeys = (prefix = "") =>
  S3_SEED.map((object) => object.key)
    .filter((key) => key.startsWith(prefix))
    .toSorted();
const seedObject = (key: string) =>
  S3_SEED.find((object) => object.key === key) ?? expect.fail(`no seed object ${key}`);

const s3Failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(S3Error);
  return error as S3Error;
};

afterEach(() => vi.restoreAllMocks());

describe("S3 client: listing", () => {
  it("lists every object under a prefix with size, date and ETag", async () => {
    const listing = await createS3Client(config()).list("docs/");
    expect(listing.objects.map((object) => object.key)).toEqual(seedKeys("docs/"));
    expect(listing.folders).toEqual([]);
    expect(listing.nextToken).toBeNull();
    for (const object of listing.objects) {
      expect(object.size).toBe(seedObject(object.key).body.byteLength);
      expect(object.etag).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(object.lastModified)).not.toBeNaN();
    }
  });

  it("folds keys below the delimiter into folders", async () => {
    const client = createS3Client(config());
    const root = await client.list("", undefined, undefined, { delimiter: "/" });
    expect(root.objects.map((object) => object.key)).toEqual(["welcome.txt"]);
    expect(root.folders).toEqual(["docs/", "images/", "reports/"]);
    const docs = await client.list("docs/", undefined, undefined, { delimiter: "/" });
    expect(docs.objects.map((object) => object.key)).toEqual([
      "docs/guide.txt",
      "docs/readme.md",
      "docs/Über uns & mehr #1.md",
    ]);
    expect(docs.folders).toEqual(["docs/sub/"]);
  });

  it("pages with maxKeys and a continuation token until the listing is complete", async () => {
    const client = createS3Client(config());
    const first = await client.list("", undefined, 4);
    expect(first.objects).toHaveLength(4);
    expect(first.nextToken).toEqual(expect.any(String));
    const second = await client.list("", first.nextToken ?? undefined, 4);
    expect(second.nextToken).toBeNull();
    expect([...first.objects, ...second.objects].map((object) => object.key)).toEqual(seedKeys());
  });
});

describe("S3 client: reading objects", () => {
  it("returns the exact bytes and content type", async () => {
    const client = createS3Client(config());
    for (const key of ["images/logo.png", "docs/Über uns & mehr #1.md"]) {
      const seed = seedObject(key);
      const object = await client.get(key, 1024 * 1024);
      expect(new Uint8Array(object.body)).toEqual(seed.body);
      expect(object.contentType).toBe(seed.contentType);
      expect(object.size).toBe(seed.body.byteLength);
    }
  });

  it("refuses an object larger than maxBytes and reads one of exactly maxBytes", async () => {
    const client = createS3Client(config());
    const size = seedObject("reports/large.txt").body.byteLength;
    expect(size).toBeGreaterThan(10 * 1024);
    const error = await s3Failure(client.get("reports/large.txt", 10 * 1024));
    expect(error).toMatchObject({ code: "ObjectTooLarge", message: "Object larger than 10 KB" });
    expect((await client.get("reports/large.txt", size)).size).toBe(size);
  });

  it("refuses by Content-Length before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(8));
        },
      },
      { highWaterMark: 0 },
    );
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(body, { headers: { "Content-Length": "5000000" } }));
    const error = await s3Failure(createS3Client(config()).get("reports/declared.txt", 1024 * 1024));
    expect(error).toMatchObject({ code: "ObjectTooLarge", message: "Object larger than 1 MB" });
    expect(pulled).toBe(0);
  });

  it("stops reading a body without Content-Length once it passes maxBytes", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 64) controller.close();
        else controller.enqueue(new Uint8Array(1024));
      },
    });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(body, { headers: { "Content-Type": "text/plain" } }));
    const error = await s3Failure(createS3Client(config()).get("reports/streamed.txt", 4096));
    expect(error.code).toBe("ObjectTooLarge");
    expect(pulled).toBeLessThan(10);
  });

  it("refuses keys whose dot segments would resolve to another key", async () => {
    const error = await s3Failure(createS3Client(config()).get("docs/../welcome.txt", 1024));
    expect(error.code).toBe("InvalidKey");
  });
});

describe("S3 client: errors", () => {
  it("a wrong secret is refused by the signature check", async () => {
    const error = await s3Failure(createS3Client({ ...config(), secretAccessKey: "wrong-secret" }).list(""));
    expect(error.status).toBe(403);
    expect(error.code).toBe("SignatureDoesNotMatch");
    expect(error.message).toMatch(
      /^S3 refused the request: SignatureDoesNotMatch \(The request signature we calculated/,
    );
  });

  it("an unknown access key is refused", async () => {
    const error = await s3Failure(createS3Client({ ...config(), accessKeyId: "AKIDUNKNOWN" }).get("welcome.txt", 1024));
    expect(error).toMatchObject({ status: 403, code: "InvalidAccessKeyId" });
  });

  it("an unknown bucket is NoSuchBucket", async () => {
    const error = await s3Failure(createS3Client({ ...config(), bucket: "no-such-bucket" }).list(""));
    expect(error).toMatchObject({ status: 404, code: "NoSuchBucket", message: "Bucket not found: no-such-bucket" });
  });

  it("a missing key is NoSuchKey", async () => {
    const error = await s3Failure(createS3Client(config()).get("docs/missing.md", 1024));
    expect(error).toMatchObject({ status: 404, code: "NoSuchKey", message: "Object not found" });
  });

  it("gives up after timeoutMs", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (input) =>
        new Promise((_, reject) =>
          (input as Request).signal.addEventListener("abort", () => reject((input as Request).signal.reason)),
        ),
    );
    const error = await s3Failure(createS3Client(config(), { timeoutMs: 50 }).list(""));
    expect(error).toMatchObject({ status: 0, code: "Timeout" });
  });
});
