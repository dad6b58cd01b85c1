import { Hono } from "hono";
import type { AppEnv } from "../env";
import { depsOf } from "../middleware/deps";
import { readChunkImage } from "../services/scope/chunk-image";

// RAGFlow's GET /document/image/{image_id}: the image of an image chunk, for <img> tags in answers; no sign-in,
// but the signed address an answer's reference carries (services/scope/chunk-image.ts).
export const documentImageRoutes = new Hono<AppEnv>().get("/image/:imageId", async (c) => {
  const image = await readChunkImage(depsOf(c), c.req.param("imageId"), c.req.query("signature") ?? "");
  return new Response(image.body, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.size),
      "Cache-Control": "private, max-age=3600",
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
