import { AwsClient } from "aws4fetch";

// Read-only client for S3-compatible stores (AWS, R2, MinIO, Ceph), signed with SigV4.
// Path-style URLs (`endpoint/bucket/key`) because every one of them accepts them; the caller checks the
// endpoint against private addresses (lib/url-guard) before building a client.

export type S3Config = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};
export type S3Object = { key: string; size: number; lastModified: string; etag: string };
export type S3Listing = { objects: S3Object[]; folders: string[]; nextToken: string | null };
export type S3ObjectBody = { body: ArrayBuffer; contentType: string; size: number };

// `status` is the HTTP status S3 answered with (0 = no answer); `code` is S3's <Code> or one of ours.
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "S3Error";
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return XML_ENTITIES[name] ?? entity;
  });

const xmlBlocks = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => match[1] ?? "");

const xmlField = (xml: string, tag: string) => {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? decodeXml(match[1] ?? "") : null;
};

const parseListing = (xml: string): S3Listing => {
  const objects = xmlBlocks(xml, "Contents").map((entry) => ({
    key: xmlField(entry, "Key") ?? "",
    size: Number(xmlField(entry, "Size") ?? 0),
    lastModified: xmlField(entry, "LastModified") ?? "",
    etag: (xmlField(entry, "ETag") ?? "").replace(/^"|"$/g, ""),
  }));
  // the root element has a <Prefix> of its own: take folders from inside <CommonPrefixes> only
  const folders = xmlBlocks(xml, "CommonPrefixes").map((entry) => xmlField(entry, "Prefix") ?? "");
  const truncated = xmlField(xml, "IsTruncated") === "true";
  return { objects, folders, nextToken: truncated ? xmlField(xml, "NextContinuationToken") : null };
};

const formatBytes = (bytes: number) => {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
};

const tooLarge = (maxBytes: number) =>
  new S3Error(413, "ObjectTooLarge", `Object larger than ${formatBytes(maxBytes)}`);

const errorFromResponse = async (response: Response, bucket: string) => {
  const xml = await response.text().catch(() => "");
  const code = xmlField(xml, "Code") ?? `Http${response.status}`;
  if (code === "NoSuchBucket") return new S3Error(response.status, code, `Bucket not found: ${bucket}`);
  if (code === "NoSuchKey") return new S3Error(response.status, code, "Object not found");
  const detail = xmlField(xml, "Message");
  return new S3Error(response.status, code, `S3 refused the request: ${code}${detail ? ` (${detail})` : ""}`);
};

const readLimited = async (body: ReadableStream<Uint8Array> | null, maxBytes: number) => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // leaving the loop early cancels the stream, so the rest is never downloaded
  for await (const chunk of body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return new Blob(chunks).arrayBuffer();
};

// `fetch` normalises "." and ".." segments away, which would read a key other than the one asked for.
const encodeKey = (key: string) => {
  const segments = key.split("/");
  if (key === "" || segments.some((segment) => segment === "." || segment === "..")) {
    throw new S3Error(400, "InvalidKey", `This object key cannot be read: ${key}`);
  }
  return segments.map(encodeURIComponent).join("/");
};

const query = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join("&");

export const createS3Client = (config: S3Config, options: { timeoutMs?: number } = {}) => {
  const aws = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    retries: 2,
  });
  const bucketUrl = `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  // one timeout for the whole exchange, body included: the signal also aborts reading the body
  const exchange = async <T>(url: string, read: (response: Response) => Promise<T>) => {
    try {
      // a redirect is reported, not followed: following it would skip the endpoint's private-address check
      const response = await aws.fetch(url, {
        method: "GET",
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw await errorFromResponse(response, config.bucket);
      return await read(response);
    } catch (error) {
      if (error instanceof S3Error) throw error;
      if (error instanceof Error && error.name === "TimeoutError")
        throw new S3Error(0, "Timeout", `S3 did not answer within ${timeoutMs / 1000} s`);
      throw new S3Error(
        0,
        "NetworkError",
        `Could not reach S3 at ${config.endpoint}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  return {
    async list(
      prefix: string,
      continuationToken?: string,
      maxKeys?: number,
      listOptions: { delimiter?: string } = {},
    ): Promise<S3Listing> {
      const params = {
        "list-type": 2,
        prefix,
        delimiter: listOptions.delimiter,
        "max-keys": maxKeys,
        "continuation-token": continuationToken,
      };
      return exchange(`${bucketUrl}?${query(params)}`, async (response) => parseListing(await response.text()));
    },

    async get(key: string, maxBytes: number): Promise<S3ObjectBody> {
      const url = `${bucketUrl}/${encodeKey(key)}`;
      return exchange(url, async (response) => {
        const declared = Number(response.headers.get("Content-Length") ?? Number.NaN);
        if (declared > maxBytes) {
          await response.body?.cancel();
          throw tooLarge(maxBytes);
        }
        const body = await readLimited(response.body, maxBytes);
        return {
          body,
          contentType: response.headers.get("Content-Type") ?? "application/octet-stream",
          size: body.byteLength,
        };
      });
    },
  };
};

export type S3Client = ReturnType<typeof createS3Client>;
