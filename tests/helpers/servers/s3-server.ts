import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { S3_REGION, S3_SEED } from "../shared/s3-seed.ts";

export { S3_REGION, S3_SEED };

// An in-memory S3-compatible server on 127.0.0.1 for the S3 import tests. It recomputes every SigV4
// signature with Node's crypto, so a client that signs wrongly is refused here as it would be by S3.

const ACCESS_KEY_ID = "AKIDBUDDYS3TEST";
const SECRET_ACCESS_KEY = "buddy/s3+SECRET/key/0123456789abcdef";
const BUCKET = "buddy-import";
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

type StoredObject = { body: Buffer; contentType: string; lastModified: Date; etag: string };

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch,
  );

export const MOVED_BUCKET = "moved-bucket";

const sendError = (response: ServerResponse, status: number, code: string, message: string) => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`;
  response.writeHead(status, { "Content-Type": "application/xml" }).end(xml);
};

// --- SigV4 ---

const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
const awsEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

// S3 signs the path as given, each segment URI-encoded once (no dot-segment normalisation, unlike other services).
const canonicalPath = (rawPath: string) =>
  rawPath
    .split("/")
    .map((segment) => awsEncode(decodeURIComponent(segment)))
    .join("/");

const canonicalQuery = (rawQuery: string) =>
  [...new URLSearchParams(rawQuery)]
    .filter(([name]) => name !== "")
    .map(([name, value]) => `${awsEncode(name)}=${awsEncode(value)}`)
    .toSorted()
    .join("&");

const headerValue = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ");
};

const parseAmzDate = (amzDate: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return match
    ? Date.UTC(
        Number(match[1]),
        Number(match[2]) - 1,
        Number(match[3]),
        Number(match[4]),
        Number(match[5]),
        Number(match[6]),
      )
    : Number.NaN;
};

type Refusal = { status: number; code: string; message: string };

// Recomputes the signature from the canonical request; the refusal S3 would answer with, or null.
const checkSignature = (request: IncomingMessage, rawPath: string, rawQuery: string): Refusal | null => {
  const authorization = headerValue(request, "authorization");
  if (!authorization) return { status: 403, code: "AccessDenied", message: "Access Denied" };
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match)
    return { status: 400, code: "AuthorizationHeaderMalformed", message: "The authorization header is malformed." };
  const [, keyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== ACCESS_KEY_ID)
    return {
      status: 403,
      code: "InvalidAccessKeyId",
      message: "The AWS Access Key Id you provided does not exist in our records.",
    };
  if (region !== S3_REGION || service !== "s3") {
    return {
      status: 400,
      code: "AuthorizationHeaderMalformed",
      message: `The authorization header is malformed; the region '${region}' is wrong; expecting '${S3_REGION}'`,
    };
  }
  const payloadHash = headerValue(request, "x-amz-content-sha256");
  if (!payloadHash)
    return {
      status: 400,
      code: "InvalidRequest",
      message: "Missing required header for this request: x-amz-content-sha256",
    };
  const amzDate = headerValue(request, "x-amz-date");
  const signedNames = signedHeaders?.split(";") ?? [];
  if (!signedNames.includes("host") || !signedNames.includes("x-amz-date")) {
    return { status: 403, code: "AccessDenied", message: "Host and x-amz-date must be signed." };
  }
  if (!(Math.abs(Date.now() - parseAmzDate(amzDate)) <= MAX_CLOCK_SKEW_MS) || !amzDate.startsWith(day ?? "")) {
    return {
      status: 403,
      code: "RequestTimeTooSkewed",
      message: "The difference between the request time and the current time is too large.",
    };
  }
  const canonicalHeaders = signedNames.map((name) => `${name}:${headerValue(request, name)}\n`).join("");
  const canonicalRequest = [
    request.method,
    canonicalPath(rawPath),
    canonicalQuery(rawQuery),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  let signingKey = hmac(`AWS4${SECRET_ACCESS_KEY}`, day ?? "");
  for (const part of [region ?? "", service ?? "", "aws4_request"]) signingKey = hmac(signingKey, part);
  const expected = hmac(signingKey, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature ?? "", "hex"))) {
    return {
      status: 403,
      code: "SignatureDoesNotMatch",
      message:
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    };
  }
  return null;
};

// --- ListObjectsV2 ---

type ListEntry = { kind: "object"; key: string } | { kind: "folder"; prefix: string };

const entryMarker = (entry: ListEntry) => (entry.kind === "object" ? `o:${entry.key}` : `p:${entry.prefix}`);

// Keys in order, those below the delimiter folded into one folder each, as S3 does.
const listEntries = (keys: string[], prefix: string, delimiter: string) => {
  const entries: ListEntry[] = [];
  for (const key of keys.filter((candidate) => candidate.startsWith(prefix)).toSorted()) {
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    if (cut === -1) {
      entries.push({ kind: "object", key });
      continue;
    }
    const folder = key.slice(0, cut + delimiter.length);
    const last = entries.at(-1);
    if (last?.kind !== "folder" || last.prefix !== folder) entries.push({ kind: "folder", prefix: folder });
  }
  return entries;
};

const listObjects = (response: ServerResponse, objects: Map<string, StoredObject>, params: URLSearchParams) => {
  if (params.get("list-type") !== "2")
    return sendError(response, 400, "NotImplemented", "Only ListObjectsV2 (list-type=2) is supported here.");
  const prefix = params.get("prefix") ?? "";
  const delimiter = params.get("delimiter") ?? "";
  const maxKeys = Math.min(Number(params.get("max-keys") ?? 1000), 1000);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    return sendError(response, 400, "InvalidArgument", "max-keys must be a non-negative integer.");
  const token = params.get("continuation-token");
  let entries = listEntries([...objects.keys()], prefix, delimiter);
  if (token) {
    const after = entries.findIndex((entry) => entryMarker(entry) === Buffer.from(token, "base64url").toString());
    if (after === -1)
      return sendError(response, 400, "InvalidArgument", "The continuation token provided is incorrect.");
    entries = entries.slice(after + 1);
  }
  const page = entries.slice(0, maxKeys);
  const truncated = entries.length > page.length;
  const last = page.at(-1);
  const nextToken = truncated && last ? Buffer.from(entryMarker(last)).toString("base64url") : null;
  const contents = page.map((entry) => {
    if (entry.kind === "folder") return `<CommonPrefixes><Prefix>${escapeXml(entry.prefix)}</Prefix></CommonPrefixes>`;
    const object = objects.get(entry.key);
    return `<Contents><Key>${escapeXml(entry.key)}</Key><LastModified>${object?.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object?.etag ?? "")}</ETag><Size>${object?.body.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
  });
  const xml = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">`,
    `<Name>${BUCKET}</Name><Prefix>${escapeXml(prefix)}</Prefix>${delimiter ? `<Delimiter>${escapeXml(delimiter)}</Delimiter>` : ""}`,
    `<MaxKeys>${maxKeys}</MaxKeys><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>`,
    token ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : "",
    nextToken ? `<NextContinuationToken>${nextToken}</NextContinuationToken>` : "",
    ...contents,
    `</ListBucketResult>`,
  ].join("");
  response.writeHead(200, { "Content-Type": "application/xml" }).end(xml);
};

// --- server ---

const sendObject = (request: IncomingMessage, response: ServerResponse, object: StoredObject) => {
  response.writeHead(200, {
    "Content-Type": object.contentType,
    "Content-Length": object.body.byteLength,
    ETag: object.etag,
    "Last-Modified": object.lastModified.toUTCString(),
  });
  response.end(request.method === "HEAD" ? undefined : object.body);
};

const handle = (request: IncomingMessage, response: ServerResponse, objects: Map<string, StoredObject>) => {
  const [rawPath = "/", rawQuery = ""] = (request.url ?? "/").split(/\?(.*)/s);
  const refusal = checkSignature(request, rawPath, rawQuery);
  if (refusal) return sendError(response, refusal.status, refusal.code, refusal.message);
  if (request.method !== "GET" && request.method !== "HEAD")
    return sendError(response, 405, "MethodNotAllowed", "The specified method is not allowed.");
  const [bucket = "", ...keySegments] = rawPath.slice(1).split("/").map(decodeURIComponent);
  if (!bucket) return sendError(response, 400, "NotImplemented", "Listing buckets is not supported here.");
  // a bucket in another region answers with a redirect, as S3 does; the client must report it, not follow it
  if (bucket === MOVED_BUCKET) {
    const location = `http://${request.headers.host}/${BUCKET}/${keySegments.join("/")}`;
    response.writeHead(301, { "Content-Type": "application/xml", Location: location });
    return void response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PermanentRedirect</Code><Message>The bucket you are attempting to access must be addressed using the specified endpoint.</Message></Error>`,
    );
  }
  if (bucket !== BUCKET) {
    if (request.method === "HEAD") return void response.writeHead(404).end();
    return sendError(response, 404, "NoSuchBucket", "The specified bucket does not exist");
  }
  const key = keySegments.join("/");
  if (!key) {
    if (request.method === "HEAD") return void response.writeHead(200).end();
    return listObjects(response, objects, new URLSearchParams(rawQuery));
  }
  const object = objects.get(key);
  if (object) return sendObject(request, response, object);
  if (request.method === "HEAD") return void response.writeHead(404).end();
  return sendError(response, 404, "NoSuchKey", "The specified key does not exist.");
};

export type S3TestServer = {
  server: Server;
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  put(key: string, body: string | Uint8Array, contentType: string): void;
};

export const startS3Server = () =>
  new Promise<S3TestServer>((resolve) => {
    const objects = new Map<string, StoredObject>();
    const put = (key: string, body: string | Uint8Array, contentType: string) => {
      const bytes = Buffer.from(body);
      objects.set(key, {
        body: bytes,
        contentType,
        lastModified: new Date(),
        etag: `"${createHash("md5").update(bytes).digest("hex")}"`,
      });
    };
    for (const seed of S3_SEED) put(seed.key, seed.body, seed.contentType);
    const server = createServer((request, response) => {
      try {
        handle(request, response, objects);
      } catch {
        sendError(response, 400, "InvalidURI", "Couldn't parse the specified URI.");
      }
    });
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        server,
        url: `http://127.0.0.1:${port}`,
        accessKeyId: ACCESS_KEY_ID,
        secretAccessKey: SECRET_ACCESS_KEY,
        bucket: BUCKET,
        region: S3_REGION,
        put,
      });
    });
  });
