import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { getAgentVersion, listAgentVersions } from "../services/agents/versions/list";
import { restoreAgentVersion } from "../services/agents/versions/restore";

// A flow's version history (RAGFlow v0.27's /agents/{id}/versions), and going back to a version.
export const agentVersionRoutes = new Hono<AppEnv>()
  .get("/:agentId/versions", requireAuth, async (c) =>
    ok(c, await listAgentVersions(serviceContext(c), c.req.param("agentId"))),
  )
  .get("/:agentId/versions/:versionId", requireAuth, async (c) =>
    ok(c, await getAgentVersion(serviceContext(c), c.req.param("agentId"), c.req.param("versionId"))),
  )
  .post("/:agentId/versions/:versionId/restore", requireAuth, async (c) =>
    ok(c, await restoreAgentVersion(serviceContext(c), c.req.param("agentId"), c.req.param("versionId"))),
  );
