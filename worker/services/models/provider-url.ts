import { type Credentials, parseServiceAccountKey } from "../../contract/provider-credentials";
import { dataError } from "../../lib/errors";
import { checkOutboundUrl } from "../../lib/url-guard";
import type { ProviderEntry } from "../../platform/providers/catalogue";
import type { Deps } from "../context";

// A provider's base URL may point into a private network only for providers that run there (OpenAI-compatible
// servers, Ollama, LM Studio, vLLM, LocalAI, Xinference) or where private fetches are allowed (tests): a hosted provider's URL aimed at
// 127.0.0.1 or 169.254.169.254 would make the worker fetch for whoever typed it.
// A service account's token_uri is fetched too.
export const assertProviderUrl = (
  deps: Pick<Deps, "config">,
  entry: ProviderEntry,
  baseUrl: string,
  credentials: Credentials,
) => {
  const tokenUri = parseServiceAccountKey(credentials.google_service_account_key ?? "")?.token_uri;
  for (const url of [baseUrl, ...(tokenUri ? [tokenUri] : [])]) {
    const check = checkOutboundUrl(
      url,
      deps.config.allowPrivateFetch || entry.local === true || entry.selfHosted === true,
    );
    if (!check.ok)
      throw dataError(
        `${check.reason}. Private addresses are for self-hosted providers (OpenAI-API-Compatible, Ollama, LM-Studio, VLLM, LocalAI, Xinference).`,
      );
  }
};
