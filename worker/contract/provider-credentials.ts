// Provider-specific settings besides API key and base URL (`credentials.<key>` of POST /providers/models and
// /providers/test): which keys each provider takes, and the one check the API contract and the service share.
export type Credentials = Record<string, string>;

export type CredentialField = {
  key: string;
  // for server messages; the web app translates `key`
  label: string;
  // never shown again after saving (a password field; the listing only says it is set)
  secret?: boolean;
  required?: boolean;
  // required only when no API key is given (Bedrock's access keys)
  orApiKey?: boolean;
  // a service account key file (JSON): a text area with a file picker
  json?: boolean;
  // used when the value is left empty
  default?: string;
  // the value must match this regular expression (regions end up in host names)
  pattern?: string;
  example?: string;
};

export const AZURE_API_VERSION = "2024-10-21";

export const PROVIDER_CREDENTIALS: Record<string, CredentialField[]> = {
  "Azure-OpenAI": [
    { key: "api_version", label: "API version", default: AZURE_API_VERSION, example: AZURE_API_VERSION },
  ],
  Bedrock: [
    { key: "aws_access_key_id", label: "AWS access key ID", secret: true, orApiKey: true, example: "AKIA…" },
    { key: "aws_secret_access_key", label: "AWS secret access key", secret: true, orApiKey: true },
    { key: "aws_session_token", label: "AWS session token", secret: true },
    {
      key: "aws_region",
      label: "AWS region",
      required: true,
      pattern: "^[a-z]{2}(-[a-z]+)+-\\d+$",
      example: "us-east-1",
    },
  ],
  VertexAI: [
    {
      key: "google_project_id",
      label: "Google Cloud project ID",
      required: true,
      pattern: "^[a-z][a-z0-9.:-]{3,62}[a-z0-9]$",
      example: "my-project",
    },
    {
      key: "google_region",
      label: "Google Cloud region",
      default: "us-central1",
      pattern: "^[a-z]+(-[a-z]+)*\\d+$",
      example: "us-central1",
    },
    {
      key: "google_service_account_key",
      label: "Service account key (JSON)",
      secret: true,
      required: true,
      json: true,
    },
  ],
  VolcEngine: [{ key: "endpoint_id", label: "Endpoint ID", example: "ep-20250101000000-abcde" }],
  BaiduYiyan: [
    { key: "yiyan_app_id", label: "App ID" },
    { key: "yiyan_secret_key", label: "Secret key", secret: true },
  ],
};

export type ServiceAccountKey = {
  client_email: string;
  private_key: string;
  token_uri: string;
  private_key_id?: string;
  project_id?: string;
};

// A Google service account key file, or null when the text is not one.
export const parseServiceAccountKey = (text: string): ServiceAccountKey | null => {
  try {
    const key = JSON.parse(text) as Partial<ServiceAccountKey> | null;
    const complete =
      key &&
      typeof key.client_email === "string" &&
      typeof key.private_key === "string" &&
      typeof key.token_uri === "string";
    return complete && /^https?:\/\//.test(key.token_uri ?? "") ? (key as ServiceAccountKey) : null;
  } catch {
    return null;
  }
};

const list = (keys: string[]) => keys.join(", ");

// The first thing wrong with a provider's credentials, worded for people; null when they are fine.
export const credentialProblem = (
  provider: string,
  credentials: Credentials,
  apiKey: string | undefined,
): string | null => {
  const fields = PROVIDER_CREDENTIALS[provider] ?? [];
  const unknown = Object.keys(credentials).filter((key) => !fields.some((field) => field.key === key));
  if (unknown.length > 0) {
    return fields.length === 0
      ? `${provider} takes no credentials besides the API key (got ${list(unknown)}).`
      : `Unknown credential for ${provider}: ${list(unknown)}. It accepts ${list(fields.map((field) => field.key))}.`;
  }
  for (const field of fields) {
    const value = credentials[field.key] || field.default;
    if (!value) {
      if (field.required) return `${provider} needs the credential ${field.key} (${field.label}).`;
      continue;
    }
    if (field.pattern && !new RegExp(field.pattern).test(value))
      return `Credential ${field.key} (${field.label}) must look like ${field.example ?? field.pattern}.`;
    if (field.json && !parseServiceAccountKey(value)) {
      return `Credential ${field.key} must be a service account key in JSON with client_email, private_key and token_uri.`;
    }
  }
  const alternatives = fields.filter((field) => field.orApiKey).map((field) => field.key);
  if (alternatives.length > 0 && !apiKey && alternatives.some((key) => !credentials[key])) {
    return `${provider} needs an API key or the credentials ${alternatives.join(" and ")}.`;
  }
  return null;
};
