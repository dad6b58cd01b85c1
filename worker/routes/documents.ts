import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { MetadataUpdateSchema } from "../contract/dataset-metadata";
import { DeleteDocumentsSchema } from "../contract/datasets";
import {
  CrawlRequestSchema,
  CreateEmptyDocumentSchema,
  ListDocumentsQuerySchema,
  UpdateDocumentSchema,
} from "../contract/documents";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { argumentError, dataError } from "../lib/errors";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import {
  assertJsonContentType,
  assertJsonObject,
  jsonBody,
  jsonBodyAsDataError,
  parseOrThrow,
  queryParams,
} from "../middleware/validate";
import { fileResponse, readForm, uploadedFiles } from "./file-transfer";
import { parseHandlers, stopHandlers } from "./parsing";
import { createEmptyDocument } from "../services/documents/create-empty";
import { requestCrawl } from "../services/documents/crawl-request";
import { downloadDocument } from "../services/documents/download";
import { listDocuments } from "../services/documents/list";
import { assertMetadataDataset, updateMetadata } from "../services/documents/metadata-batch";
import { removeDocuments } from "../services/documents/remove";
import { updateDocument } from "../services/documents/update";
import { uploadDocuments } from "../services/documents/upload";

// RAGFlow answers a document update's validation with code 102 (other dataset endpoints: 101)
const updateHandler = jsonBody(UpdateDocumentSchema, dataError);

// RAGFlow's batch metadata update answers "You don't own the dataset" before any complaint about the body
export const metadataDatasetFirst = createMiddleware<AppEnv>(async (c, next) => {
  await assertMetadataDataset(serviceContext(c), c.req.param("datasetId") as string);
  await next();
});

export const documentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/parse", ...parseHandlers)
  .post("/stop", ...stopHandlers)
  .post("/", async (c) => {
    const ctx = serviceContext(c);
    const datasetId = c.req.param("datasetId") as string;
    const type = c.req.query("type") ?? "local";
    if (type === "empty") {
      assertJsonContentType(c.req.header("Content-Type") ?? "");
      const { name } = parseOrThrow(CreateEmptyDocumentSchema, assertJsonObject(await c.req.json().catch(() => null)));
      return ok(c, await createEmptyDocument(ctx, datasetId, name));
    }
    const form = await readForm(c.req.raw);
    if (type === "web") {
      return ok(c, await requestCrawl(ctx, datasetId, parseOrThrow(CrawlRequestSchema, Object.fromEntries(form))));
    }
    if (type !== "local") throw argumentError(`Unknown upload type: ${type}. Use local, web or empty.`);
    const files = uploadedFiles(form);
    // a multipart file part without a file name arrives as text: RAGFlow's "No file selected!"
    const multipart = /^multipart\/form-data/i.test(c.req.header("Content-Type") ?? "");
    if (multipart && files.length === 0 && form.getAll("file").length > 0) throw argumentError("No file selected!");
    return ok(c, await uploadDocuments(ctx, datasetId, files));
  })
  .get("/", queryParams(ListDocumentsQuerySchema), async (c) =>
    ok(c, await listDocuments(serviceContext(c), c.req.param("datasetId") as string, c.req.valid("query"))),
  )
  .delete("/", jsonBody(DeleteDocumentsSchema), async (c) =>
    ok(c, await removeDocuments(serviceContext(c), c.req.param("datasetId") as string, c.req.valid("json"))),
  )
  // RAGFlow's REST path for the batch metadata update (= POST /datasets/{id}/metadata/update)
  .patch("/metadatas", metadataDatasetFirst, jsonBodyAsDataError(MetadataUpdateSchema), async (c) =>
    ok(c, await updateMetadata(serviceContext(c), c.req.param("datasetId") as string, c.req.valid("json"))),
  )
  .get("/:documentId", async (c) =>
    fileResponse(
      await downloadDocument(serviceContext(c), c.req.param("datasetId") as string, c.req.param("documentId")),
    ),
  )
  .on(["PATCH", "PUT"], "/:documentId", updateHandler, async (c) =>
    ok(
      c,
      await updateDocument(
        serviceContext(c),
        c.req.param("datasetId") as string,
        c.req.param("documentId"),
        c.req.valid("json"),
      ),
    ),
  );
