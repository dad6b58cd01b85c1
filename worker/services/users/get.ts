import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { Deps } from "../context";

export const getUserById = async ({ db }: Deps, userId: string) => {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw dataError("User not found!");
  return user;
};
