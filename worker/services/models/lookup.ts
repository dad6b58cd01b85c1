import { and, eq, or } from "drizzle-orm";
import { modelInstances, modelProviders } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { BUILTIN_PROVIDER, PROVIDERS } from "../../platform/providers/catalogue";
import type { ServiceContext } from "../context";

// The id that names a model everywhere (llm_id, embd_id, a dataset's embedding_model): RAGFlow v0.27's
// "name@instance@provider"; models of the instance "default" (set up before instances existed) and built-ins
// keep "name@provider".
export const composeModelId = (name: string, instance: string, provider: string) =>
  instance === "default" || provider === BUILTIN_PROVIDER ? `${name}@${provider}` : `${name}@${instance}@${provider}`;

// A provider the team has added, by id or name; null when it has not.
export const findTeamProvider = (ctx: ServiceContext, idOrName: string) =>
  ctx.db.query.modelProviders.findFirst({
    where: and(
      eq(modelProviders.tenantId, ctx.actor.tenantId),
      or(eq(modelProviders.id, idOrName), eq(modelProviders.name, idOrName)),
    ),
  });

export const teamProvider = async (ctx: ServiceContext, idOrName: string) => {
  const provider = await findTeamProvider(ctx, idOrName);
  if (!provider) throw dataError(`No provider found for provider '${idOrName}'`);
  return provider;
};

export const findInstance = (ctx: ServiceContext, provider: string, idOrName: string) =>
  ctx.db.query.modelInstances.findFirst({
    where: and(
      eq(modelInstances.tenantId, ctx.actor.tenantId),
      eq(modelInstances.provider, provider),
      or(eq(modelInstances.id, idOrName), eq(modelInstances.name, idOrName)),
    ),
  });

// The team's provider and one of its instances, each by id or name.
export const teamInstance = async (ctx: ServiceContext, providerIdOrName: string, instanceIdOrName: string) => {
  const provider = await teamProvider(ctx, providerIdOrName);
  const instance = await findInstance(ctx, provider.name, instanceIdOrName);
  if (!instance)
    throw dataError(`No instance found for provider '${providerIdOrName}' and instance '${instanceIdOrName}'`);
  return { provider, instance };
};

// Where a provider stands in the catalogue, which orders every listing.
export const catalogueRank = (name: string) => PROVIDERS.findIndex((entry) => entry.name === name);
