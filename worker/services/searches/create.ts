import type { CreateSearchInput } from "../../contract/searches";
import { searchApps } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { checkConfig, defaultConfig, takenNames } from "./internal";

export const createSearch = async (ctx: ServiceContext, input: CreateSearchInput) => {
  const config = {
    ...defaultConfig(),
    ...input.search_config,
    kb_ids: [...new Set(input.search_config?.kb_ids ?? [])],
  };
  await checkConfig(ctx, config);
  const name = nextFreeName(input.name, await takenNames(ctx, input.name));
  const now = nowMs();
  const [row] = await ctx.db
    .insert(searchApps)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      createdBy: ctx.actor.userId,
      name,
      nameKey: name.toLowerCase(),
      description: input.description,
      avatar: input.avatar ?? null,
      searchConfig: config,
      createTime: now,
      updateTime: now,
    })
    .returning({ id: searchApps.id });
  return { search_id: row?.id ?? "" };
};
