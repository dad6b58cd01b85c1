import { and, eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";

export const assertTitleFree = async (ctx: ServiceContext, title: string, exceptId?: string) => {
  const clash = await ctx.db.query.agents.findFirst({
    where: and(eq(agents.tenantId, ctx.actor.tenantId), eq(agents.titleKey, title.toLowerCase())),
  });
  if (clash && clash.id !== exceptId) throw dataError(`Agent with title ${title} already exists.`);
};
