import { eq } from "drizzle-orm";
import type { RegisterInput } from "../../contract/users";
import { tenants, users, userTenants } from "../../db/schema";
import { hashPassword } from "../../lib/crypto";
import { AppError, operatingError, RetCode } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { readPassword } from "../auth/password-input";
import { assertUnderLimits, countAgainstLimits, registrationLimit } from "../auth/rate-limit";

// Creates the user, the tenant they own and the owner membership in one batch. Each address may register
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
  try {
    await db.batch([
      db.insert(users).values({ id, email: input.email, nickname: input.nickname, passwordHash, ...stamps }),
      db.insert(tenants).values({ id, name: `${input.nickname}'s Kingdom`, ...stamps }),
      db.insert(userTenants).values({ id: newId(), userId: id, tenantId: id, role: "owner", invitedBy: id, ...stamps }),
    ]);
  } catch (error) {
    // Two concurrent sign-ups with one email: the unique index decides.
    if (String(error).includes("UNIQUE")) {
      throw operatingError(`Email: ${input.email} has already registered!`);
    }
    throw error;
  }
  const user = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!user) throw new Error("registered user vanished");
  return user;
};
