import { eq } from "drizzle-orm";
import type { UpdateProfileInput } from "../../contract/users";
import { users } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getUserById } from "./get";

// The profile fields only: a password change goes through change-password.ts.
export const updateProfile = async (
  ctx: ServiceContext,
  input: Omit<UpdateProfileInput, "password" | "new_password">,
) => {
  const changes = {
    nickname: input.nickname,
    avatar: input.avatar === "" ? null : input.avatar,
    language: input.language,
    colorSchema: input.color_schema,
    timezone: input.timezone,
  };
  await ctx.db
    .update(users)
    .set({ ...changes, updateTime: nowMs() })
    .where(eq(users.id, ctx.actor.userId));
  return getUserById(ctx, ctx.actor.userId);
};
