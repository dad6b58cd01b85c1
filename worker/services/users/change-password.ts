import { eq } from "drizzle-orm";
import { type ChangePasswordInput, isEmailAsPassword, PASSWORD_RULES } from "../../contract/users";
import { users } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import { argumentError, authenticationError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { revokeOtherSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { getUserById } from "./get";

// After a change every other session of the user is signed out; the current one stays.
export const changePassword = async (ctx: ServiceContext, input: ChangePasswordInput) => {
  const user = await getUserById(ctx, ctx.actor.userId);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw authenticationError("Password error!");
  }
  if (isEmailAsPassword(input.new_password, user.email))
    throw argumentError(`Field: <new_password> - Message: <${PASSWORD_RULES.email}>`);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.new_password), updateTime: nowMs() })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(ctx, user.id, ctx.actor.sessionId);
  return true;
};
