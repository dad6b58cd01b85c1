import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Deps, ServiceContext } from "../services/context";

export const depsOf = (c: Context<AppEnv>): Deps => ({
  db: c.var.db,
  config: c.var.config,
  storage: c.var.storage,
});

export const serviceContext = (c: Context<AppEnv>): ServiceContext => ({
  ...depsOf(c),
  actor: c.var.actor,
});
