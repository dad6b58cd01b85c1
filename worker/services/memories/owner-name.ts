import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";

// RAGFlow's owner_name: the nickname of the memory's maker.
export const ownerName = async (ctx: ServiceContext, userId: string) =>
  (await ctx.db.query.users.findFirst({ where: eq(users.id, userId), columns: { nickname: true } }))?.nickname ?? null;
