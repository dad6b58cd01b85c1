import type { ModelTypeValue } from "../../contract/models";
import { type Credentials, credentialProblem } from "../../contract/provider-credentials";
import { dataError } from "../../lib/errors";
import { type ModelOf, modelAdapter } from "../../platform/providers/adapters";
import { BUILTIN_PROVIDER, findProvider, type ModelType, type ProviderEntry } from "../../platform/providers/catalogue";
import { defaultBaseOf, needsApiKey, withDefaults } from "../../platform/providers/credentials";
import { providerEndpoint } from "../../platform/providers/provider-endpoints";
import { ProviderError } from "../../platform/providers/types";
import type { Deps } from "../context";
import { PROBES } from "./probes";
import { assertProviderUrl, hidesReplies } from "./provider-url";

// How an instance reaches its provider, as the API takes it.
export type ConnectionSettings = { api_key: string; base_url: string; credentials: Credentials };

// A provider Buddy can connect to ("Provider 'X' is not allowed" as RAGFlow words it otherwise).
export const addableProvider = (name: string): ProviderEntry => {
  const entry = findProvider(name);
  if (!entry || entry.name === BUILTIN_PROVIDER) throw dataError(`Provider '${name}' is not allowed`);
  return entry;
};

// The settings checked without calling anyone: credentials, API key, and a base URL the worker may fetch.
export const checkConnection = (deps: Deps, entry: ProviderEntry, settings: ConnectionSettings) => {
  const problem = credentialProblem(entry.name, settings.credentials, settings.api_key || undefined);
  if (problem) throw dataError(problem);
  if (needsApiKey(entry) && !settings.api_key) throw dataError("API key is required for this provider.");
  const credentials = withDefaults(entry, settings.credentials);
  const baseUrl = settings.base_url || defaultBaseOf(entry, credentials);
  // Workers AI is reached through the AI binding, not a URL
  if (!baseUrl && entry.wire !== "workers-ai") throw dataError("Base URL is required for this provider.");
  if (baseUrl) assertProviderUrl(deps, entry, baseUrl, credentials);
  return { baseUrl, credentials };
};

const runProbe = <T extends ModelType>(type: T, model: ModelOf[T]) =>
  (PROBES[type] as (model: ModelOf[T]) => Promise<string>)(model);

// probes whose detail quotes the text that came back (the others report sizes and scores)
const QUOTING_PROBES: ModelType[] = ["chat", "image2text", "speech2text"];
const HIDDEN_REPLY = "the server answered (replies from private addresses are not shown)";

// "Test connection": one tiny real call with the given settings; the provider's own words on failure, or only
// the HTTP status for a server in a private network.
export const testModel = async (
  deps: Deps,
  entry: ProviderEntry,
  settings: ConnectionSettings,
  modelName: string,
  type: ModelTypeValue,
) => {
  const { baseUrl, credentials } = checkConnection(deps, entry, settings);
  const hideReplies = hidesReplies(deps, baseUrl);
  const endpoint = providerEndpoint(entry.name, {
    baseUrl,
    apiKey: settings.api_key || undefined,
    model: modelName,
    credentials,
    timeoutMs: 20_000,
    hideReplies,
  });
  const model = modelAdapter(entry.wire, type, { id: `${modelName}@${entry.name}`, endpoint, ai: deps.ai });
  if (!model) throw dataError(`${entry.name} does not offer ${type} models.`);
  try {
    const detail = await runProbe(type, model);
    return hideReplies && QUOTING_PROBES.includes(type) ? HIDDEN_REPLY : detail;
  } catch (error) {
    if (error instanceof ProviderError) throw dataError(`Connection test failed: ${error.message}`);
    // an answer that is not the provider's format (an HTML page): the parser's message quotes it
    if (hideReplies && !(error instanceof Error && error.name === "AbortError"))
      throw dataError(`Connection test failed: the server's answer is not what ${entry.name} sends (not shown).`);
    throw error;
  }
};
