import { eq } from "drizzle-orm";
import type { LoginInput } from "../../contract/users";
import { users } from "../../db/schema";
import { verifyPassword } from "../../lib/crypto";
import { authenticationError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { assertLoginAllowed, clearLoginFailures, loginKeys, recordLoginFailure } from "./rate-limit";
import { createSession } from "./sessions";

// One message for unknown email and wrong password, so sign-in does not reveal who has an account.
export const BAD_CREDENTIALS_MESSAGE = "Email and password do not match!";

export const login = async (deps: Deps, input: LoginInput, ip: string) => {
  const keys = loginKeys(input.email, ip);
  await assertLoginAllowed(deps, keys);

  const user = await deps.db.query.users.findFirst({ where: eq(users.email, input.email) });
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : false;
  if (!user || !valid) {
    await recordLoginFailure(deps, keys);
    throw authenticationError(BAD_CREDENTIALS_MESSAGE);
  }
  if (!user.isActive) throw authenticationError("This account has been disabled.");

  await clearLoginFailures(deps, keys[0]);
  const now = nowMs();
  await deps.db.update(users).set({ lastLoginTime: now }).where(eq(users.id, user.id));
  const token = await createSession(deps, user.id, input.remember);
  return { user: { ...user, lastLoginTime: now }, token };
};
