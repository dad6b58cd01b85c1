import { and, asc, eq } from "drizzle-orm";
import type { ChangeRoleInput, JoinedTeam, TeamMember } from "../../contract/teams";
import { tenants, users, userTenants } from "../../db/schema";
import { dataError, notTeamMember, permissionError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { sendMail } from "../../platform/mailer";
import type { ServiceContext } from "../context";
import { homeShardOf } from "./home-shard";
import { canManageTeam, roleIn } from "./membership";

const onlyManagers = () => permissionError("Only the team's owner or an admin can do this.");

// The caller's own role in the team named by the path (not the team the request works in). An API key works in
// the team it was made in only, with its maker's role there.
const myRole = async (ctx: ServiceContext, tenantId: string) => {
  if (ctx.actor.via === "api_key") {
    if (tenantId !== ctx.actor.tenantId) throw notTeamMember();
    return ctx.actor.role;
  }
  if (tenantId === ctx.actor.userId) return "owner" as const;
  const role = await roleIn(ctx, ctx.actor.userId, tenantId);
  if (!role) throw notTeamMember();
  return role;
};

const membership = (tenantId: string, userId: string) =>
  and(eq(userTenants.tenantId, tenantId), eq(userTenants.userId, userId));

export const listMembers = async (ctx: ServiceContext, tenantId: string): Promise<TeamMember[]> => {
  await myRole(ctx, tenantId);
  const rows = await ctx.db
    .select({
      userId: users.id,
      email: users.email,
      nickname: users.nickname,
      avatar: users.avatar,
      role: userTenants.role,
      createTime: userTenants.createTime,
      updateTime: userTenants.updateTime,
    })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(eq(userTenants.tenantId, tenantId))
    .orderBy(asc(userTenants.createTime));
  return rows.map((row) => ({
    user_id: row.userId,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    role: row.role,
    create_time: row.createTime,
    update_time: row.updateTime,
  }));
};

// With SMTP configured the invitee also gets an email; the invitation stands even when mailing fails.
const mailInvitation = async (ctx: ServiceContext, tenantId: string, to: string) => {
  if (!ctx.config.smtp) return false;
  const [team, inviter] = await Promise.all([
    ctx.db.query.tenants.findFirst({ where: eq(tenants.id, tenantId) }),
    ctx.db.query.users.findFirst({ where: eq(users.id, ctx.actor.userId) }),
  ]);
  const text = [
    `${inviter?.nickname ?? "Someone"} invited you to the team "${team?.name ?? tenantId}" on Buddy.`,
    `${inviter?.nickname ?? "Jemand"} hat Sie in das Team „${team?.name ?? tenantId}“ auf Buddy eingeladen.`,
    "",
    "Open Settings → Team → My teams to accept or refuse. / Unter Einstellungen → Team → Meine Teams annehmen oder ablehnen.",
  ].join("\n");
  try {
    await sendMail(ctx.config.smtp, { to, subject: `Buddy: ${team?.name ?? "Team"}`, text });
    return true;
  } catch (error) {
    console.warn(`invitation mail to ${to} failed`, error);
    return false;
  }
};

// The invitee must have an account; the invitation waits in their team list until accepted or refused.
export const inviteMember = async (ctx: ServiceContext, tenantId: string, email: string) => {
  if (!canManageTeam(await myRole(ctx, tenantId))) throw onlyManagers();
  const invitee = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!invitee) {
    // a team and its members live on one shard (docs/scaling.md): an account on another cannot join
    const home = await homeShardOf(ctx, email);
    if (home && home !== ctx.shard)
      throw dataError(`${email} has an account on another database shard than this team and cannot be invited.`);
    throw dataError(`User not found: ${email}. Only registered users can be invited.`);
  }
  const existing = await ctx.db.query.userTenants.findFirst({ where: membership(tenantId, invitee.id) });
  if (existing)
    throw dataError(existing.role === "invite" ? `${email} is already invited.` : `${email} is already in the team.`);
  const now = nowMs();
  await ctx.db.insert(userTenants).values({
    id: newId(),
    userId: invitee.id,
    tenantId,
    role: "invite",
    invitedBy: ctx.actor.userId,
    createTime: now,
    updateTime: now,
  });
  const emailSent = await mailInvitation(ctx, tenantId, invitee.email);
  return {
    user_id: invitee.id,
    email: invitee.email,
    nickname: invitee.nickname,
    avatar: invitee.avatar,
    role: "invite" as const,
    create_time: now,
    update_time: now,
    email_sent: emailSent,
  };
};

export const acceptInvitation = async (ctx: ServiceContext, tenantId: string) => {
  const row = await ctx.db.query.userTenants.findFirst({ where: membership(tenantId, ctx.actor.userId) });
  if (!row || row.role !== "invite") throw dataError("There is no invitation to this team.");
  await ctx.db.update(userTenants).set({ role: "normal", updateTime: nowMs() }).where(eq(userTenants.id, row.id));
  return true;
};

// Owners and admins remove members (admins only plain members and invitations); anyone leaves or refuses for
// themselves; the owner stays.
export const removeMember = async (ctx: ServiceContext, tenantId: string, userId: string) => {
  const self = userId === ctx.actor.userId;
  const target = await ctx.db.query.userTenants.findFirst({ where: membership(tenantId, userId) });
  if (self) {
    if (!target) throw dataError("You are not in this team.");
  } else {
    const role = await myRole(ctx, tenantId);
    if (!canManageTeam(role)) throw onlyManagers();
    if (!target) throw dataError("This user is not in the team.");
    if (role === "admin" && target.role === "admin") throw onlyManagers();
  }
  if (target.role === "owner") throw dataError("The owner cannot leave or be removed from their own team.");
  await ctx.db.delete(userTenants).where(eq(userTenants.id, target.id));
  return true;
};

export const changeRole = async (ctx: ServiceContext, tenantId: string, userId: string, input: ChangeRoleInput) => {
  if ((await myRole(ctx, tenantId)) !== "owner") throw permissionError("Only the team's owner can change roles.");
  const target = await ctx.db.query.userTenants.findFirst({ where: membership(tenantId, userId) });
  if (!target || target.role === "invite") throw dataError("Only members who accepted the invitation can get a role.");
  if (target.role === "owner") throw dataError("The owner's role cannot change.");
  await ctx.db.update(userTenants).set({ role: input.role, updateTime: nowMs() }).where(eq(userTenants.id, target.id));
  return true;
};

// Every team the user is in or invited to, the own one first.
export const listJoinedTeams = async (ctx: ServiceContext): Promise<JoinedTeam[]> => {
  const rows = await ctx.db
    .select({
      tenantId: tenants.id,
      name: tenants.name,
      role: userTenants.role,
      ownerId: users.id,
      nickname: users.nickname,
      email: users.email,
      avatar: users.avatar,
      createTime: userTenants.createTime,
      updateTime: userTenants.updateTime,
    })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
    .innerJoin(users, eq(users.id, tenants.id))
    .where(eq(userTenants.userId, ctx.actor.userId))
    .orderBy(asc(userTenants.createTime));
  return rows
    .map((row) => ({
      tenant_id: row.tenantId,
      name: row.name,
      role: row.role,
      owner_id: row.ownerId,
      nickname: row.nickname,
      email: row.email,
      avatar: row.avatar,
      create_time: row.createTime,
      update_time: row.updateTime,
    }))
    .toSorted(
      (a, b) =>
        Number(b.role === "owner" && b.tenant_id === ctx.actor.userId) -
        Number(a.role === "owner" && a.tenant_id === ctx.actor.userId),
    );
};
