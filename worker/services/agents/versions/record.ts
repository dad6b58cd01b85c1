import { and, desc, eq, inArray, not } from "drizzle-orm";
import type { Dsl } from "../../../contract/agents";
import { agentVersions, users } from "../../../db/schema";
import { newId } from "../../../lib/ids";
import { nowMs } from "../../../lib/time";
import type { ServiceContext } from "../../context";

// RAGFlow keeps the 20 newest versions that are not releases.
export const KEPT_VERSIONS = 20;

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

// RAGFlow's version title: "<nickname>_<flow title>_<YYYY-MM-DD HH:MM:SS>" (UTC here).
const versionTitle = async (ctx: ServiceContext, agentTitle: string, now: number) => {
  const user = await ctx.db.query.users.findFirst({
    where: eq(users.id, ctx.actor.userId),
    columns: { nickname: true },
  });
  return `${user?.nickname.trim() || "tenant"}_${agentTitle.trim() || "agent"}_${stamp(now)}`;
};

// A save of a flow's DSL: a new version, unless the DSL equals the latest version's (then that one is refreshed).
// Older versions beyond the kept number go.
// `release` publishes it (RAGFlow's release version), the latest version itself when the DSL did not change.
// A new flow's first version takes the flow's creation time (`createdAt`), which tells it apart once listed.
export const recordVersion = async (
  ctx: ServiceContext,
  agentId: string,
  agentTitle: string,
  dsl: Dsl,
  release = false,
  createdAt?: number,
) => {
  const now = createdAt ?? nowMs();
  const latest = await ctx.db.query.agentVersions.findFirst({
    where: eq(agentVersions.agentId, agentId),
    orderBy: [desc(agentVersions.createTime), desc(agentVersions.id)],
  });
  if (latest && JSON.stringify(latest.dsl) === JSON.stringify(dsl)) {
    await ctx.db
      .update(agentVersions)
      .set({ updateTime: now, ...(release && { release: true }) })
      .where(eq(agentVersions.id, latest.id));
    return latest.id;
  }
  const id = newId();
  await ctx.db.insert(agentVersions).values({
    id,
    agentId,
    title: await versionTitle(ctx, agentTitle, now),
    dsl,
    release,
    // one millisecond after the latest, so that two saves in the same millisecond keep their order
    createTime: Math.max(now, (latest?.createTime ?? 0) + 1),
    updateTime: now,
  });
  const old = await ctx.db
    .select({ id: agentVersions.id })
    .from(agentVersions)
    .where(and(eq(agentVersions.agentId, agentId), not(agentVersions.release)))
    .orderBy(desc(agentVersions.createTime))
    .offset(KEPT_VERSIONS)
    .limit(100);
  if (old.length > 0)
    await ctx.db.delete(agentVersions).where(
      inArray(
        agentVersions.id,
        old.map((row) => row.id),
      ),
    );
  return id;
};
