import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Deps, ServiceContext } from "../services/context";

export const depsOf = (c: Context<AppEnv>): Deps => c.var.deps;

export const serviceContext = (c: Context<AppEnv>): ServiceContext => ({ ...c.var.deps, actor: c.var.actor });
