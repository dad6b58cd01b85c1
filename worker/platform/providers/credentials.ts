import type { Credentials } from "../../contract/provider-credentials";
import type { ProviderEntry } from "./catalogue";

// Whether the API key field must be filled: not for local and keyless providers, nor where credentials replace it.
export const needsApiKey = (entry: ProviderEntry) =>
  !entry.local && !entry.keyless && !(entry.credentials ?? []).some((field) => field.orApiKey);

// Empty values fall back to the field's default.
export const withDefaults = (entry: ProviderEntry, credentials: Credentials): Credentials => {
  const filled = { ...credentials };
  for (const field of entry.credentials ?? [])
    if (!filled[field.key] && field.default) filled[field.key] = field.default;
  return filled;
};

// The default base URL, with `{credential}` placeholders filled in ("" while one is missing).
export const defaultBaseOf = (entry: ProviderEntry, credentials: Credentials) => {
  if (!entry.baseTemplate) return entry.defaultBase ?? "";
  let missing = false;
  const url = entry.baseTemplate.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = credentials[key];
    if (!value) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? "" : url;
};
