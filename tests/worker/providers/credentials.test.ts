import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { openAiChat, openAiEmbedding } from "../../../worker/platform/providers/openai-compatible";
import { type ModelSettings, providerEndpoint } from "../../../worker/platform/providers/provider-endpoints";
import { ProviderError } from "../../../worker/platform/providers/types";
import { AWS_TEST_KEYS, GOOD_KEY } from "../../helpers/shared/model-key";

const hello = [{ role: "user" as const, content: "Hallo" }];

const chatWith = (provider: string, settings: Partial<ModelSettings> & { baseUrl: string }) =>
  openAiChat(`m@${provider}`, providerEndpoint(provider, { model: "model-x", credentials: {}, ...settings }));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ProviderError,
  );

const serviceAccount = (account: string, overrides: Record<string, string> = {}) =>
  JSON.stringify({
    type: "service_account",
    project_id: "buddy-test",
    private_key_id: `key-${account}`,
    private_key: env.TEST_GOOGLE_PRIVATE_KEY,
    client_email: `${account}@buddy-test.iam.gserviceaccount.com`,
    token_uri: `${env.TEST_CLOUD_API_URL}/token`,
    ...overrides,
  });

const exchanges = async (account: string) =>
  (
    (await (
      await fetch(`${env.TEST_CLOUD_API_URL}/token-exchanges?account=${account}@buddy-test.iam.gserviceaccount.com`)
    ).json()) as { count: number }
  ).count;

describe("Bedrock (local server that recomputes SigV4)", () => {
  const bedrockBase = () => `${env.TEST_CLOUD_API_URL}/openai/v1`;
  const accessKeys = {
    aws_access_key_id: AWS_TEST_KEYS.accessKeyId,
    aws_secret_access_key: AWS_TEST_KEYS.secretAccessKey,
    aws_region: "eu-central-1",
  };

  it("signs each request with the access keys (service bedrock, the region)", async () => {
    const chat = chatWith("Bedrock", {
      baseUrl: bedrockBase(),
      model: "openai.gpt-oss-20b-1:0",
      credentials: accessKeys,
    });
    expect((await chat.complete(hello)).text).toBe("Bedrock (SigV4, eu-central-1) openai.gpt-oss-20b-1:0: Hallo");
    const withSession = chatWith("Bedrock", {
      baseUrl: bedrockBase(),
      credentials: { ...accessKeys, aws_session_token: "session" },
    });
    expect((await withSession.complete(hello)).text).toContain("SigV4, eu-central-1");
  });

  it("is refused with a wrong secret, because the server's signature differs", async () => {
    const chat = chatWith("Bedrock", {
      baseUrl: bedrockBase(),
      credentials: { ...accessKeys, aws_secret_access_key: "wrong" },
    });
    const error = await failure(chat.complete(hello));
    expect(error?.status).toBe(403);
    expect(error?.message).toContain("The request signature we calculated does not match");
  });

  it("sends a Bedrock API key as a bearer token", async () => {
    const chat = chatWith("Bedrock", {
      baseUrl: bedrockBase(),
      apiKey: GOOD_KEY,
      credentials: { aws_region: "us-east-1" },
    });
    expect((await chat.complete(hello)).text).toBe("Bedrock (API key) model-x: Hallo");
  });
});

describe("Vertex AI (local token endpoint and OpenAI-compatible endpoint)", () => {
  const vertexBase = () => `${env.TEST_CLOUD_API_URL}/v1/projects/buddy-test/locations/europe-west3/endpoints/openapi`;

  it("exchanges an RS256 JWT for an access token, calls with it and reuses it until it expires", async () => {
    const account = `chat-${crypto.randomUUID().slice(0, 8)}`;
    const credentials = {
      google_service_account_key: serviceAccount(account),
      google_project_id: "buddy-test",
      google_region: "europe-west3",
    };
    const chat = chatWith("VertexAI", { baseUrl: vertexBase(), model: "google/gemini-2.5-flash", credentials });
    expect((await chat.complete(hello)).text).toBe("Vertex buddy-test/europe-west3 google/gemini-2.5-flash: Hallo");
    const embedding = openAiEmbedding(
      "e@VertexAI",
      providerEndpoint("VertexAI", { baseUrl: vertexBase(), model: "text-embedding-005", credentials }),
    );
    expect(await embedding.embed(["a", "b"])).toHaveLength(2);
    expect(await exchanges(account)).toBe(1);
  });

  it("reports a key the token endpoint refuses", async () => {
    const account = `bad-${crypto.randomUUID().slice(0, 8)}`;
    const { privateKey } = (await crypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const der = new Uint8Array((await crypto.subtle.exportKey("pkcs8", privateKey)) as ArrayBuffer);
    const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----\n`;
    const chat = chatWith("VertexAI", {
      baseUrl: vertexBase(),
      credentials: { google_service_account_key: serviceAccount(account, { private_key: pem }) },
    });
    const error = await failure(chat.complete(hello));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error?.message).toContain("Google token exchange failed");
    expect(await exchanges(account)).toBe(0);
  });
});

describe("Azure OpenAI, VolcEngine and Qianfan (local server)", () => {
  it("Azure: deployment path, api-version and the api-key header", async () => {
    const settings = {
      baseUrl: env.TEST_CLOUD_API_URL,
      apiKey: GOOD_KEY,
      model: "my-gpt4o",
      credentials: { api_version: "2024-10-21" },
    };
    expect((await chatWith("Azure-OpenAI", settings).complete(hello)).text).toBe(
      "Azure my-gpt4o (api-version 2024-10-21): Hallo",
    );
    const vectors = await openAiEmbedding(
      "e@Azure-OpenAI",
      providerEndpoint("Azure-OpenAI", { ...settings, model: "my-embedding" }),
    ).embed(["x"]);
    expect(vectors).toHaveLength(1);
    const wrong = await failure(chatWith("Azure-OpenAI", { ...settings, apiKey: "wrong" }).complete(hello));
    expect(wrong?.status).toBe(401);
  });

  it("VolcEngine sends the endpoint ID as the model; Qianfan sends the app ID", async () => {
    const ark = chatWith("VolcEngine", {
      baseUrl: `${env.TEST_CLOUD_API_URL}/api/v3`,
      apiKey: GOOD_KEY,
      model: "doubao-pro-32k",
      credentials: { endpoint_id: "ep-20250101-abc" },
    });
    expect((await ark.complete(hello)).text).toBe("Ark ep-20250101-abc: Hallo");
    const qianfan = chatWith("BaiduYiyan", {
      baseUrl: `${env.TEST_CLOUD_API_URL}/v2`,
      apiKey: GOOD_KEY,
      model: "ernie-4.0-8k",
      credentials: { yiyan_app_id: "app-42", yiyan_secret_key: "sk" },
    });
    expect((await qianfan.complete(hello)).text).toBe("Qianfan (appid app-42) ernie-4.0-8k: Hallo");
  });
});
