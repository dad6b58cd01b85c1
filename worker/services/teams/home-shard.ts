import { eq } from "drizzle-orm";
import { teamShards } from "../../db/schema";
import type { Deps } from "../context";

// The shard an account (and the team it owns) lives on, by its sign-in address; null for an unknown address.
export const homeShardOf = async ({ directory }: Deps, email: string) => {
  const row = await directory.query.teamShards.findFirst({
    where: eq(teamShards.email, email),
    columns: { shard: true },
  });
  return row?.shard ?? null;
};
