import { and, asc, count, desc, eq } from "drizzle-orm";
import type { ListChatsQuery } from "../../contract/chats";
import { dialogs } from "../../db/schema";
import { argumentError, dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { ownDialogs } from "./access";
import { kbNamesOf } from "./internal";
import { toChat } from "./serialize";
import { keyContains } from "../../lib/sql-match";

const ORDER_COLUMNS = {
  create_time: dialogs.createTime,
  update_time: dialogs.updateTime,
  name: dialogs.nameKey,
} as const;

export const listChats = async (ctx: ServiceContext, query: ListChatsQuery) => {
  const column = ORDER_COLUMNS[query.orderby as keyof typeof ORDER_COLUMNS];
  if (!column) throw argumentError(`invalid orderby field: ${query.orderby}`);
  const where = and(
    ownDialogs(ctx),
    query.id ? eq(dialogs.id, query.id) : undefined,
    query.name ? eq(dialogs.nameKey, query.name.toLowerCase()) : undefined,
    query.keywords ? keyContains(dialogs.nameKey, query.keywords) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(dialogs)
    .where(where)
    .orderBy(query.desc ? desc(column) : asc(column))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  if ((query.id || query.name) && rows.length === 0) throw dataError("The chat doesn't exist");
  const [total] = await ctx.db.select({ n: count() }).from(dialogs).where(where);
  const names = await kbNamesOf(ctx, rows);
  return { chats: rows.map((row) => toChat(row, names(row))), total: total?.n ?? 0 };
};
