import { eq } from "drizzle-orm";
import type { RegisterInput } from "../../contract/users";
import { teamShards, tenants, users, userTenants } from "../../db/schema";
import { hashPassword } from "../../lib/crypto";
import { AppError, operatingError, RetCode } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { readPassword } from "../auth/password-input";
import { assertUnderLimits, countAgainstLimits, registrationLimit } from "../auth/rate-limit";

// Creates the user, the tenant they own and the owner membership in one batch, on the request's shard, and the
// team's routing row on the default shard (the same batch when that is the request's). Each address may register
// REGISTRATIONS_PER_HOUR accounts an hour.
export const registerUser = async (deps: Deps, input: RegisterInput, ip: string) => {
  if (!deps.config.registerEnabled) {
    throw new AppError(RetCode.OPERATING_ERROR, "User registration is disabled!");
  }
  const { password } = await readPassword(deps, input.password, "password");
  const limit = registrationLimit(ip, deps.config.registrationsPerHour);
  await assertUnderLimits(deps, [limit], "Too many accounts were registered from this address.");
  await countAgainstLimits(deps, [limit]);
  const { db } = deps;
  const existing = await db.query.users.findFirst({ where: eq(users.email, input.email) });
  if (existing) throw operatingError(`Email: ${input.email} has already registered!`);

  const id = newId();
  const now = nowMs();
  const passwordHash = await hashPassword(password);
  const stamps = { createTime: now, updateTime: now };
  const route = deps.directory
    .insert(teamShards)
    .values({ tenantId: id, email: input.email, shard: deps.shard, createTime: now });
  const separateRoute = deps.directory !== db;
  try {
    // the address is claimed in the routing table first: it is unique across all shards there
    if (separateRoute) await route;
    await db.batch([
      db.insert(users).values({ id, email: input.email, nickname: input.nickname, passwordHash, ...stamps }),
      db.insert(tenants).values({ id, name: `${input.nickname}'s Kingdom`, ...stamps }),
      db.insert(userTenants).values({ id: newId(), userId: id, tenantId: id, role: "owner", invitedBy: id, ...stamps }),
      ...(separateRoute ? [] : [route]),
    ]);
  } catch (error) {
    // the claim, if it was made, goes with the account that was not
    if (separateRoute) await deps.directory.delete(teamShards).where(eq(teamShards.tenantId, id));
    // Two concurrent sign-ups with one email (on any shard): the unique index decides.
    if (String(error).includes("UNIQUE")) {
      throw operatingError(`Email: ${input.email} has already registered!`);
    }
    throw error;
  }
  const user = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!user) throw new Error("registered user vanished");
  return user;
};
