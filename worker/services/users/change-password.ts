import { eq } from "drizzle-orm";
import { PASSWORD_RULES } from "../../contract/password-rules";
import { isEmailAsPassword, PASSWORD_MISMATCH_MESSAGE } from "../../contract/users";
import { users } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import { authenticationError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { passwordFieldError, readPassword } from "../auth/password-input";
import { revokeOtherSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { getUserById } from "./get";

// POST /users/me/password confirms the new password; RAGFlow's PATCH /users/me does not.
export type PasswordChange = { password: string; new_password: string; confirm_password?: string };

// Each field plain or in RAGFlow's encrypted form. After a change every other session of the user is signed out;
// the current one stays.
export const changePassword = async (ctx: ServiceContext, input: PasswordChange) => {
  const current = await readPassword(ctx, input.password, "password");
  const next = await readPassword(ctx, input.new_password, "new_password");
  if (input.confirm_password !== undefined) {
    const confirmed = await readPassword(ctx, input.confirm_password, "confirm_password");
    if (confirmed.password !== next.password) throw passwordFieldError("confirm_password", PASSWORD_MISMATCH_MESSAGE);
  }
  const user = await getUserById(ctx, ctx.actor.userId);
  if (!(await verifyPassword(current.password, user.passwordHash))) {
    throw authenticationError("Password error!");
  }
  if (!next.encrypted && isEmailAsPassword(next.password, user.email))
    throw passwordFieldError("new_password", PASSWORD_RULES.email);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(next.password), updateTime: nowMs() })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(ctx, user.id, ctx.actor.sessionId);
  return true;
};
