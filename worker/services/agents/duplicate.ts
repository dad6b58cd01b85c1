import { and, eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import type { ServiceContext } from "../context";
import { createAgent } from "./create";
import { getVisibleAgent, mayEditAgent } from "./access";
import { oneWithoutHiddenBases } from "./knowledge-bases";
import { withoutSecrets } from "./serialize";

// A copy named "<title> (copy)", "(copy 2)", … owned by the caller.
export const duplicateAgent = async (ctx: ServiceContext, id: string) => {
  const source = await oneWithoutHiddenBases(ctx, await getVisibleAgent(ctx, id));
  for (let n = 1; ; n++) {
    const title = n === 1 ? `${source.title} (copy)` : `${source.title} (copy ${n})`;
    const clash = await ctx.db.query.agents.findFirst({
      where: and(eq(agents.tenantId, ctx.actor.tenantId), eq(agents.titleKey, title.toLowerCase())),
    });
    const dsl = mayEditAgent(ctx, source) ? source.dsl : withoutSecrets(source.dsl);
    if (!clash)
      return createAgent(
        ctx,
        {
          title,
          description: source.description,
          avatar: source.avatar,
          permission: "me",
          canvas_category: source.canvasCategory,
          dsl,
        },
        source.canvasType,
      );
  }
};
