import { eq } from "drizzle-orm";
import type { LoginInput } from "../../contract/users";
import { users } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import { authenticationError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { readPassword } from "./password-input";
import { assertUnderLimits, clearLimit, countAgainstLimits, loginLimits } from "./rate-limit";
import { createSession } from "./sessions";

// One message for unknown email and wrong password, so sign-in does not reveal who has an account.
export const BAD_CREDENTIALS_MESSAGE = "Email and password do not match!";

// An unknown e-mail is checked against this hash, so it takes as long as a wrong password: timing does not tell
// who has an account either.
let dummyHash: Promise<string> | null = null;
const passwordHashOf = (user: { passwordHash: string } | undefined) =>
  user ? user.passwordHash : (dummyHash ??= hashPassword(crypto.randomUUID()));

export const login = async (deps: Deps, input: LoginInput, ip: string) => {
  const { password } = await readPassword(deps, input.password, "password");
  const limits = loginLimits(input.email, ip);
  await assertUnderLimits(deps, limits, "Too many failed sign-in attempts.");

  const user = await deps.db.query.users.findFirst({ where: eq(users.email, input.email) });
  const valid = await verifyPassword(password, await passwordHashOf(user));
  if (!user || !valid) {
    await countAgainstLimits(deps, limits);
    throw authenticationError(BAD_CREDENTIALS_MESSAGE);
  }
  if (!user.isActive) throw authenticationError("This account has been disabled.");

  await clearLimit(deps, limits[0]);
  const now = nowMs();
  await deps.db.update(users).set({ lastLoginTime: now }).where(eq(users.id, user.id));
  const token = await createSession(deps, user.id, input.remember);
  return { user: { ...user, lastLoginTime: now }, token };
};
