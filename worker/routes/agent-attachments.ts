import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { downloadAttachment } from "../services/agents/attachments/download";
import { fileResponse } from "./file-transfer";

// A document a DocGenerator wrote, for the team (the share routes serve it to the flow's visitors).
export const agentAttachmentRoutes = new Hono<AppEnv>().get(
  "/:agentId/attachments/:docId/:filename",
  requireAuth,
  async (c) =>
    fileResponse(
      await downloadAttachment(
        serviceContext(c),
        c.req.param("agentId"),
        c.req.param("docId"),
        c.req.param("filename"),
      ),
    ),
);
