import { BUILTIN_PROVIDER, parseModelId } from "../../platform/providers/catalogue";
import type { ChatModel } from "../../platform/providers/types";
import type { Deps, ServiceContext } from "../context";
import { tenantDefaults, tenantDefaultsFor } from "./catalogue-view";
import { resolveChat } from "./resolve";

// Which chat model a team uses, in one place.

// The team's default chat model (the built-in one when none is set).
export const teamChatModelId = async (ctx: ServiceContext) => (await tenantDefaults(ctx)).llm_id;

// The team's default chat model id, read once however often it is asked for (once per agent run).
export const teamChatModelIdOnce = (ctx: ServiceContext) => {
  let id: Promise<string> | null = null;
  return () => (id ??= teamChatModelId(ctx));
};

// The chat model for enrichment: the dataset's parser_config.llm_id, else the tenant's default; the
// built-in extractive model cannot write keywords or questions, so it means "none".
export const enrichmentModel = async (
  deps: Deps,
  tenantId: string,
  config: { llm_id?: string },
): Promise<ChatModel | null> => {
  const id = config.llm_id || (await tenantDefaultsFor(deps, tenantId)).llm_id;
  if (!id || parseModelId(id).provider === BUILTIN_PROVIDER) return null;
  return resolveChat(deps, tenantId, id).catch(() => null);
};

// The team's default chat model (null for the built-in one or none).
export const teamChatModel = (deps: Deps, tenantId: string) => enrichmentModel(deps, tenantId, { llm_id: "" });
