import { type Context, Hono } from "hono";
import { ChangePasswordSchema, RegisterSchema, UpdateProfileSchema, type UpdateProfileInput } from "../contract/users";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { depsOf, serviceContext } from "../middleware/deps";
import { onNewTeamShard } from "../middleware/shard";
import { jsonBody } from "../middleware/validate";
import { createSession } from "../services/auth/sessions";
import { changePassword } from "../services/users/change-password";
import { getUserById } from "../services/users/get";
import { registerUser } from "../services/users/register";
import { toUserProfile } from "../services/users/serialize";
import { updateProfile } from "../services/users/update-profile";
import { clientAddress } from "./client-address";

const updateMe = jsonBody(UpdateProfileSchema);

// RAGFlow v0.27's clients change the password with the profile: that comes first, so a refused one changes nothing.
const updateMeHandler = async (c: Context<AppEnv>, input: UpdateProfileInput) => {
  const { password, new_password, ...profile } = input;
  if (password !== undefined && new_password !== undefined)
    await changePassword(serviceContext(c), { password, new_password });
  return ok(c, toUserProfile(await updateProfile(serviceContext(c), profile)));
};

export const userRoutes = new Hono<AppEnv>()
  // Registration signs the new user in, as RAGFlow does.
  .post("/", jsonBody(RegisterSchema), async (c) => {
    onNewTeamShard(c);
    const user = await registerUser(depsOf(c), c.req.valid("json"), clientAddress(c));
    const token = await createSession(depsOf(c), user.id, false);
    c.header("Authorization", token);
    c.header("Access-Control-Expose-Headers", "Authorization");
    return ok(c, { ...toUserProfile(user), access_token: token }, `${user.nickname}, welcome aboard!`);
  })
  .get("/me", requireAuth, async (c) => ok(c, toUserProfile(await getUserById(depsOf(c), c.var.actor.userId))))
  .patch("/me", requireAuth, updateMe, (c) => updateMeHandler(c, c.req.valid("json")))
  .put("/me", requireAuth, updateMe, (c) => updateMeHandler(c, c.req.valid("json")))
  .post("/me/password", requireAuth, jsonBody(ChangePasswordSchema), async (c) =>
    ok(c, await changePassword(serviceContext(c), c.req.valid("json")), "Password updated"),
  );
