import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { downloadDocumentById } from "../services/documents/download-by-id";
import { fileResponse } from "./file-transfer";

// RAGFlow's GET /documents/{id}: a document's file, found by its id alone within the caller's team.
export const documentDownloadRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/:documentId", async (c) =>
    fileResponse(await downloadDocumentById(serviceContext(c), c.req.param("documentId"))),
  );
