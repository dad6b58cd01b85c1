import type { McpSecretHints, McpSecrets, McpServerRow } from "../../db/schema";
import { maskSecret, openSecret, sealSecret } from "../../lib/secret-box";
import type { ServiceContext } from "../context";

const hintsOf = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).map(([key, value]) => [key, maskSecret(value)]));

export const sealSecrets = async (ctx: ServiceContext, secrets: McpSecrets) => {
  const empty = Object.keys(secrets.headers).length + Object.keys(secrets.variables).length === 0;
  return {
    secretsSealed: empty ? null : await sealSecret(JSON.stringify(secrets), ctx.config.providerSecret),
    secretHints: { headers: hintsOf(secrets.headers), variables: hintsOf(secrets.variables) } as McpSecretHints,
  };
};

export const openSecrets = async (ctx: ServiceContext, row: McpServerRow): Promise<McpSecrets> =>
  row.secretsSealed
    ? (JSON.parse(await openSecret(row.secretsSealed, ctx.config.providerSecret)) as McpSecrets)
    : { headers: {}, variables: {} };

// A value sent back exactly as the API showed it (masked) keeps the saved one: a form can show the masked
// values and send them unchanged.
export const keepMasked = (sent: Record<string, string>, saved: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(sent).map(([key, value]) => [
      key,
      saved[key] !== undefined && value === maskSecret(saved[key]) ? saved[key] : value,
    ]),
  );
