import { and, eq } from "drizzle-orm";
import type { SearchConfig, UpdateSearchInput } from "../../contract/searches";
import { searchApps, type SearchAppRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getSearchToUse, inTeam } from "./access";
import { configShownTo, withHidden } from "./hidden-bases";
import { checkConfig } from "./internal";
import { toSearchApp } from "./serialize";

// PUT: name and search_config are required; the config is merged key by key into the stored one.
export const updateSearch = async (ctx: ServiceContext, id: string, input: UpdateSearchInput) => {
  const current = await getSearchToUse(ctx, id);
  const clash = await ctx.db.query.searchApps.findFirst({
    where: and(inTeam(ctx), eq(searchApps.nameKey, input.name.toLowerCase())),
  });
  if (clash && clash.id !== id) throw dataError("Duplicated search name.");
  const patch = Object.fromEntries(Object.entries(input.search_config).filter(([, value]) => value !== undefined));
  const { shown, hidden } = await configShownTo(ctx, current);
  const chosen: SearchConfig = { ...shown, ...patch };
  chosen.kb_ids = [...new Set(chosen.kb_ids)];
  await checkConfig(ctx, chosen, patch);
  const [row] = await ctx.db
    .update(searchApps)
    .set({
      name: input.name,
      nameKey: input.name.toLowerCase(),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.avatar !== undefined && { avatar: input.avatar }),
      searchConfig: withHidden(chosen, hidden),
      updateTime: nowMs(),
    })
    .where(eq(searchApps.id, id))
    .returning();
  return toSearchApp({ ...(row as SearchAppRow), searchConfig: chosen });
};
