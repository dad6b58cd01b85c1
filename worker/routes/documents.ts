import { Hono } from "hono";
import { DeleteByIdsSchema } from "../contract/datasets";
import {
  CrawlRequestSchema,
  CreateEmptyDocumentSchema,
  ListDocumentsQuerySchema,
  UpdateDocumentSchema,
} from "../contract/documents";
import { UPLOAD_FILE_MAX_BYTES, UPLOAD_MAX_FILES } from "../contract/limits";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { argumentError, payloadTooLarge } from "../lib/errors";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBody, parseOrThrow, queryParams } from "../middleware/validate";
import { parseHandlers, stopHandlers } from "./parsing";
import { createEmptyDocument } from "../services/documents/create-empty";
import { requestCrawl } from "../services/documents/crawl-request";
import { downloadDocument } from "../services/documents/download";
import { listDocuments } from "../services/documents/list";
import { removeDocuments } from "../services/documents/remove";
import { updateDocument } from "../services/documents/update";
import { uploadDocuments } from "../services/documents/upload";

// Cloudflare accepts at most 100 MB per request; say so before reading the body.
const REQUEST_MAX_BYTES = Math.min(100 * 1024 * 1024, UPLOAD_FILE_MAX_BYTES * UPLOAD_MAX_FILES);

const readForm = async (request: Request) => {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > REQUEST_MAX_BYTES) {
    throw payloadTooLarge(`The total upload size is too large (${REQUEST_MAX_BYTES / 1024 / 1024} MB per request).`);
  }
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) throw argumentError("No file part!");
  return request.formData();
};

const updateHandler = jsonBody(UpdateDocumentSchema);

export const documentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/parse", ...parseHandlers)
  .post("/stop", ...stopHandlers)
  .post("/", async (c) => {
    const ctx = serviceContext(c);
    const datasetId = c.req.param("datasetId") as string;
    const type = c.req.query("type") ?? "local";
    if (type === "empty") {
      const { name } = parseOrThrow(CreateEmptyDocumentSchema, await c.req.json().catch(() => null));
      return ok(c, await createEmptyDocument(ctx, datasetId, name));
    }
    const form = await readForm(c.req.raw);
    if (type === "web") {
      return ok(c, await requestCrawl(ctx, datasetId, parseOrThrow(CrawlRequestSchema, Object.fromEntries(form))));
    }
    if (type !== "local") throw argumentError(`Unknown upload type: ${type}. Use local, web or empty.`);
    const files = form.getAll("file").filter((entry): entry is File => typeof entry !== "string");
    return ok(c, await uploadDocuments(ctx, datasetId, files));
  })
  .get("/", queryParams(ListDocumentsQuerySchema), async (c) =>
    ok(c, await listDocuments(serviceContext(c), c.req.param("datasetId") as string, c.req.valid("query"))),
  )
  .delete("/", jsonBody(DeleteByIdsSchema), async (c) =>
    ok(c, await removeDocuments(serviceContext(c), c.req.param("datasetId") as string, c.req.valid("json"))),
  )
  .get("/:documentId", async (c) => {
    const file = await downloadDocument(serviceContext(c), c.req.param("datasetId") as string, c.req.param("documentId"));
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      },
    });
  })
  .on(["PATCH", "PUT"], "/:documentId", updateHandler, async (c) =>
    ok(
      c,
      await updateDocument(serviceContext(c), c.req.param("datasetId") as string, c.req.param("documentId"), c.req.valid("json")),
    ),
  );
