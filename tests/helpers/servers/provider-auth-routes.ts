import { createHash, createHmac, generateKeyPairSync, verify } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AWS_TEST_KEYS, GOOD_KEY } from "../shared/model-key.ts";

// Routes of the cloud test server that check provider-specific authentication the way the real services do:
// Bedrock (SigV4, recomputed here with Node's crypto, or a Bedrock API key), Vertex AI (a JWT bearer token
// exchange, then the OpenAI-compatible endpoint), Azure OpenAI (deployment path, api-version, api-key),
// VolcEngine Ark and Baidu Qianfan v2.

// Made at startup: the worker tests sign service account JWTs with the private key, /token checks them with the public one.
const googleKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
export const googlePrivateKeyPem = googleKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

const GOOGLE_SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const issuedTokens = new Set<string>();
const exchangesByAccount = new Map<string, number>();

const readRaw = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const parts: Buffer[] = [];
    request.on("data", (chunk: Buffer) => parts.push(chunk));
    request.on("end", () => resolve(Buffer.concat(parts)));
  });

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
};

const lastMessage = (body: { messages?: { content?: unknown }[] }) => String(body.messages?.at(-1)?.content ?? "");

const chatAnswer = (response: ServerResponse, content: string) =>
  json(response, 200, {
    choices: [{ message: { role: "assistant", content } }],
    usage: { prompt_tokens: 5, completion_tokens: 3 },
  });

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const awsEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

// Recomputes the SigV4 signature of a request; the reason it is refused, or the signed region.
const checkSigV4 = (request: IncomingMessage, raw: Buffer): { region: string } | { refused: string } => {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? "",
    );
  if (!match) return { refused: "Authorization header requires Credential, SignedHeaders and Signature." };
  const [, keyId = "", day = "", region = "", service = "", signedHeaders = "", signature = ""] = match;
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (keyId !== AWS_TEST_KEYS.accessKeyId) return { refused: "The security token included in the request is invalid." };
  if (service !== "bedrock")
    return { refused: `Credential should be scoped to correct service: 'bedrock', not '${service}'.` };
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(day))
    return { refused: "Date in Credential scope does not match X-Amz-Date." };
  const sent = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  if (Math.abs(Date.now() - sent) > 5 * 60_000) return { refused: "Signature expired." };
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date"))
    return { refused: "host and x-amz-date must be signed." };
  const url = new URL(request.url ?? "/", "http://local");
  const path = url.pathname.split("/").map(awsEncode).join("/");
  const query = [...url.searchParams]
    .map(([key, value]) => `${awsEncode(key)}=${awsEncode(value)}`)
    .toSorted()
    .join("&");
  const headers = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [request.method, path, query, headers, signedHeaders, sha256Hex(raw)].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonical)].join("\n");
  let key = hmac(`AWS4${AWS_TEST_KEYS.secretAccessKey}`, day);
  for (const part of [region, service, "aws4_request"]) key = hmac(key, part);
  if (hmac(key, stringToSign).toString("hex") !== signature)
    return { refused: "The request signature we calculated does not match the signature you provided." };
  return { region };
};

const bedrockChat = (request: IncomingMessage, response: ServerResponse, raw: Buffer) => {
  const body = JSON.parse(raw.toString() || "{}") as { model?: string; messages?: { content?: unknown }[] };
  if (request.headers.authorization === `Bearer ${GOOD_KEY}`)
    return chatAnswer(response, `Bedrock (API key) ${body.model}: ${lastMessage(body)}`);
  const checked = checkSigV4(request, raw);
  if ("refused" in checked) return json(response, 403, { message: checked.refused });
  chatAnswer(response, `Bedrock (SigV4, ${checked.region}) ${body.model}: ${lastMessage(body)}`);
};

const decodePart = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>;

// The JWT bearer grant: an RS256 assertion signed with the service account's key, for the cloud-platform scope.
const exchangeToken = (request: IncomingMessage, response: ServerResponse, raw: Buffer) => {
  const form = new URLSearchParams(raw.toString());
  const refuse = (description: string) =>
    json(response, 400, { error: "invalid_grant", error_description: description });
  if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return refuse("Invalid grant_type.");
  const [header = "", claims = "", signature = ""] = (form.get("assertion") ?? "").split(".");
  if (decodePart(header).alg !== "RS256") return refuse("Invalid JWT algorithm.");
  if (!verify("sha256", Buffer.from(`${header}.${claims}`), googleKeys.publicKey, Buffer.from(signature, "base64url")))
    return refuse("Invalid JWT Signature.");
  const { iss, scope, aud, iat, exp } = decodePart(claims) as {
    iss: string;
    scope: string;
    aud: string;
    iat: number;
    exp: number;
  };
  const now = Date.now() / 1000;
  if (aud !== `http://${request.headers.host}/token`) return refuse(`Invalid JWT audience ${aud}.`);
  if (scope !== GOOGLE_SCOPE || !iss || !(iat <= now + 60 && exp > now && exp - iat <= 3600))
    return refuse("Invalid JWT claims.");
  exchangesByAccount.set(iss, (exchangesByAccount.get(iss) ?? 0) + 1);
  const token = `ya29.buddy-${issuedTokens.size + 1}`;
  issuedTokens.add(token);
  json(response, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
};

const VERTEX_PATH = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/endpoints\/openapi\/(chat\/completions|embeddings)$/;
const AZURE_PATH = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|embeddings)$/;

// Answers the routes above; false for every other request (the caller handles it).
export const providerAuthRoutes = async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
  const url = new URL(request.url ?? "/", "http://local");
  if (url.pathname === "/token-exchanges") {
    json(response, 200, { count: exchangesByAccount.get(url.searchParams.get("account") ?? "") ?? 0 });
    return true;
  }
  const vertex = VERTEX_PATH.exec(url.pathname);
  const azure = AZURE_PATH.exec(url.pathname);
  const known = ["/token", "/openai/v1/chat/completions", "/api/v3/chat/completions", "/v2/chat/completions"].includes(
    url.pathname,
  );
  if (!vertex && !azure && !known) return false;
  const raw = await readRaw(request);
  if (url.pathname === "/token") exchangeToken(request, response, raw);
  else if (url.pathname === "/openai/v1/chat/completions") bedrockChat(request, response, raw);
  else {
    const body = JSON.parse(raw.toString() || "{}") as {
      model?: string;
      input?: string[];
      messages?: { content?: unknown }[];
    };
    const embeddings = () =>
      json(response, 200, { data: (body.input ?? []).map((_, index) => ({ index, embedding: [1, index, 0, 0] })) });
    if (vertex) {
      const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!issuedTokens.has(token))
        json(response, 401, {
          error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
        });
      else if (vertex[3] === "embeddings") embeddings();
      else chatAnswer(response, `Vertex ${vertex[1]}/${vertex[2]} ${body.model}: ${lastMessage(body)}`);
    } else if (azure) {
      const version = url.searchParams.get("api-version") ?? "";
      if (request.headers["api-key"] !== GOOD_KEY || request.headers.authorization) {
        json(response, 401, {
          error: { code: "401", message: "Access denied due to invalid subscription key or wrong API endpoint." },
        });
      } else if (!/^\d{4}-\d{2}-\d{2}(-preview)?$/.test(version))
        json(response, 404, { error: { code: "404", message: "Resource not found" } });
      else if (azure[2] === "embeddings") embeddings();
      else chatAnswer(response, `Azure ${azure[1]} (api-version ${version}): ${lastMessage(body)}`);
    } else if (request.headers.authorization !== `Bearer ${GOOD_KEY}`)
      json(response, 401, { error: { message: "invalid api key" } });
    else if (url.pathname === "/api/v3/chat/completions")
      chatAnswer(response, `Ark ${body.model}: ${lastMessage(body)}`);
    else
      chatAnswer(
        response,
        `Qianfan (appid ${String(request.headers.appid ?? "-")}) ${body.model}: ${lastMessage(body)}`,
      );
  }
  return true;
};
