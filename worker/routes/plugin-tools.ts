import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";

// RAGFlow's LLM tool plugins (GET /plugin/tools). Buddy loads no plugins: its agent tools are built-in components,
// listed by /agents/templates and the editor, so the plugin list is empty.
export const pluginToolRoutes = new Hono<AppEnv>().use(requireAuth).get("/tools", (c) => ok(c, []));
