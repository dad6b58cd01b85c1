import { and, asc, count, desc, eq } from "drizzle-orm";
import { CHAT_LIST_MAX, type ListChatsQuery } from "../../contract/chats";
import { dialogs } from "../../db/schema";
import { argumentError } from "../../lib/errors";
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
  // an exact id or name makes `keywords` moot (RAGFlow v0.27); no match is an empty list
  const exact = Boolean(query.id || query.name);
  const where = and(
    ownDialogs(ctx),
    query.id ? eq(dialogs.id, query.id) : undefined,
    query.name ? eq(dialogs.nameKey, query.name.toLowerCase()) : undefined,
    query.keywords && !exact ? keyContains(dialogs.nameKey, query.keywords) : undefined,
  );
  const pageSize = query.page === undefined ? CHAT_LIST_MAX : query.page_size;
  const rows = await ctx.db
    .select()
    .from(dialogs)
    .where(where)
    .orderBy(query.desc ? desc(column) : asc(column))
    .limit(pageSize)
    .offset(((query.page ?? 1) - 1) * pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(dialogs).where(where);
  const names = await kbNamesOf(ctx, rows);
  return { chats: rows.map((row) => toChat(row, names(row))), total: total?.n ?? 0 };
};
