import { AZURE_API_VERSION, type Credentials, parseServiceAccountKey } from "../../contract/provider-credentials";
import { googleAccessToken } from "./google-auth";
import { signV4 } from "./sigv4";
import { type Endpoint, ProviderError } from "./types";

// What a tenant set up for one model: where it answers, the API key and the provider-specific credentials.
export type ModelSettings = {
  baseUrl: string;
  apiKey?: string;
  model: string;
  credentials: Credentials;
  timeoutMs?: number;
  hideReplies?: boolean;
};

const plain = ({ baseUrl, apiKey, model, timeoutMs, hideReplies }: ModelSettings): Endpoint => ({
  baseUrl,
  apiKey,
  model,
  timeoutMs,
  hideReplies,
});

// Providers whose calls differ from the plain OpenAI wire format in URL, model or authentication.
const BUILDERS: Record<string, (settings: ModelSettings) => Endpoint> = {
  // {resource endpoint}/openai/deployments/{deployment}/chat/completions?api-version=…, the key in `api-key`
  "Azure-OpenAI": (settings) => ({
    ...plain(settings),
    baseUrl: `${settings.baseUrl.replace(/\/+$/, "")}/openai/deployments/${encodeURIComponent(settings.model)}`,
    apiKey: undefined,
    query: { "api-version": settings.credentials.api_version || AZURE_API_VERSION },
    requestHeaders: async () => ({ "api-key": settings.apiKey ?? "" }),
  }),
  // a Bedrock API key is a bearer token; access keys sign each request (SigV4, service "bedrock") instead
  Bedrock: (settings) => {
    const {
      aws_access_key_id: accessKeyId,
      aws_secret_access_key: secretAccessKey,
      aws_session_token: sessionToken,
      aws_region: region = "",
    } = settings.credentials;
    if (settings.apiKey || !accessKeyId || !secretAccessKey) return plain(settings);
    return {
      ...plain(settings),
      requestHeaders: async (request) => {
        if (typeof request.body !== "string") throw new ProviderError(0, "Bedrock signs JSON requests only.");
        return signV4(
          { ...request, body: request.body },
          { accessKeyId, secretAccessKey, sessionToken },
          { region, service: "bedrock" },
        );
      },
    };
  },
  // a bearer access token from the service account key
  VertexAI: (settings) => {
    const key = parseServiceAccountKey(settings.credentials.google_service_account_key ?? "");
    return {
      ...plain(settings),
      apiKey: undefined,
      requestHeaders: async () => {
        if (!key)
          throw new ProviderError(0, "VertexAI needs a service account key (JSON). Set it in the model settings.");
        return { Authorization: `Bearer ${await googleAccessToken(key, settings.timeoutMs)}` };
      },
    };
  },
  // the endpoint ID ("ep-…") stands for the model on the wire
  VolcEngine: (settings) => ({ ...plain(settings), model: settings.credentials.endpoint_id || settings.model }),
  // Qianfan v2 takes the app ID as a header; the secret key is not part of v2 calls
  BaiduYiyan: (settings) => {
    const appId = settings.credentials.yiyan_app_id;
    return appId ? { ...plain(settings), requestHeaders: async () => ({ appid: appId }) } : plain(settings);
  },
};

export const providerEndpoint = (provider: string, settings: ModelSettings): Endpoint =>
  (BUILDERS[provider] ?? plain)(settings);
