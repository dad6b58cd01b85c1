import { type Credentials, parseServiceAccountKey } from "../../contract/provider-credentials";
import { dataError } from "../../lib/errors";
import { checkOutboundUrl, isPrivateTarget } from "../../lib/url-guard";
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
    // link-local addresses and the like: closed to self-hosted providers too
    const reachable = checkOutboundUrl(url, true);
    if (!reachable.ok) throw dataError(`${reachable.reason}.`);
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

// A provider inside a private network may be reached (self-hosted ones), but what it answers is not shown: a base
// URL aimed at any internal server would otherwise read that server's pages back through the error messages.
// ALLOW_PRIVATE_FETCH (tests) declares the private network open, so nothing is hidden then.
export const hidesReplies = (deps: Pick<Deps, "config">, baseUrl: string) =>
  !deps.config.allowPrivateFetch && isPrivateTarget(baseUrl);
