import { toHex } from "../../lib/ids";

// AWS Signature Version 4 with WebCrypto: the headers that authenticate one request (Bedrock's access keys).
export type AwsCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
export type AwsScope = { region: string; service: string };
export type RequestToSign = { method: string; url: string; headers: Record<string, string>; body: string };

const encoder = new TextEncoder();

const sha256Hex = async (text: string) => toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));

const hmac = async (key: ArrayBuffer | Uint8Array, text: string) => {
  const imported = await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return crypto.subtle.sign("HMAC", imported, encoder.encode(text));
};

// RFC 3986: everything but unreserved characters is percent-encoded (encodeURIComponent leaves !'()* alone).
const awsEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// "20150830T123600Z"
const amzDateOf = (now: Date) => now.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");

const lowercaseKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

// The canonical request of the SigV4 spec; `headers` are the (lowercase) headers that get signed.
export const canonicalRequest = async (request: RequestToSign, headers: Record<string, string>) => {
  const url = new URL(request.url);
  // the path as sent is encoded once more, as every AWS service but S3 expects
  const path = url.pathname.split("/").map(awsEncode).join("/") || "/";
  const query = [...url.searchParams]
    .map(([key, value]) => `${awsEncode(key)}=${awsEncode(value)}`)
    .toSorted(byCodePoint)
    .join("&");
  const names = Object.keys(headers).toSorted(byCodePoint);
  const canonicalHeaders = names
    .map((name) => `${name}:${(headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  return [request.method, path, query, canonicalHeaders, names.join(";"), await sha256Hex(request.body)].join("\n");
};

// Adds x-amz-date (and the session token) and signs host, those and the request's own headers.
export const signV4 = async (
  request: RequestToSign,
  credentials: AwsCredentials,
  scope: AwsScope,
  now = new Date(),
): Promise<Record<string, string>> => {
  const amzDate = amzDateOf(now);
  const day = amzDate.slice(0, 8);
  const added: Record<string, string> = {
    "x-amz-date": amzDate,
    ...(credentials.sessionToken ? { "x-amz-security-token": credentials.sessionToken } : {}),
  };
  const signed = { ...lowercaseKeys(request.headers), host: new URL(request.url).host, ...added };
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    credentialScope,
    await sha256Hex(await canonicalRequest(request, signed)),
  ].join("\n");
  let key = await hmac(encoder.encode(`AWS4${credentials.secretAccessKey}`), day);
  for (const part of [scope.region, scope.service, "aws4_request"]) key = await hmac(key, part);
  const signature = toHex(await hmac(key, stringToSign));
  const signedHeaders = Object.keys(signed).toSorted(byCodePoint).join(";");
  return {
    ...added,
    Authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
};
