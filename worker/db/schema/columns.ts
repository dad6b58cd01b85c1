import { integer } from "drizzle-orm/sqlite-core";

// RAGFlow exposes create_time/update_time as ms epoch integers; every table carries both.
export const timestamps = {
  createTime: integer("create_time").notNull(),
  updateTime: integer("update_time").notNull(),
};
