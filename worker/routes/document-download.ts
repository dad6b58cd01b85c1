import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { readArtifact } from "../services/documents/artifact";
import { downloadDocumentById } from "../services/documents/download-by-id";
import { readTeamChunkImage } from "../services/scope/chunk-image";
import { fileResponse } from "./file-transfer";

// RAGFlow's GET /documents/{id}: a document's file, found by its id alone within the caller's team.
export const documentDownloadRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/images/:imageId", async (c) => {
    const image = await readTeamChunkImage(serviceContext(c), c.req.param("imageId"));
    return new Response(image.body, {
      headers: {
        "Content-Type": image.contentType,
        "Content-Length": String(image.size),
        "Content-Security-Policy": "sandbox",
        "X-Content-Type-Options": "nosniff",
      },
    });
  })
  .get("/artifact/:filename", (c) => readArtifact(c.req.param("filename")))
  .get("/:documentId", async (c) =>
    fileResponse(await downloadDocumentById(serviceContext(c), c.req.param("documentId"))),
  );
