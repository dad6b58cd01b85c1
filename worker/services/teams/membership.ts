import { and, eq } from "drizzle-orm";
import { userTenants } from "../../db/schema";
import type { Deps, TeamRole } from "../context";

// The role a user holds in a team, or null when the user is not (or not yet) a member.
export const roleIn = async ({ db }: Pick<Deps, "db">, userId: string, tenantId: string): Promise<TeamRole | null> => {
  const row = await db.query.userTenants.findFirst({
    where: and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)),
  });
  return row && row.role !== "invite" ? row.role : null;
};

export const canManageTeam = (role: TeamRole) => role === "owner" || role === "admin";
