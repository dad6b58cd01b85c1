import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const build = (d1: D1Database) => drizzle(d1, { schema });

// drizzle() walks the whole schema for its relational queries each time it is called; one instance per binding
// (the same object for every request an isolate serves) saves that on every request and queue batch.
const instances = new WeakMap<D1Database, ReturnType<typeof build>>();

export const createDb = (d1: D1Database) => {
  const existing = instances.get(d1);
  if (existing) return existing;
  const db = build(d1);
  instances.set(d1, db);
  return db;
};

export type Db = ReturnType<typeof createDb>;
