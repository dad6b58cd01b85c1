import { Hono } from "hono";
import {
  CreateChunkSchema,
  DeleteChunksSchema,
  ListChunksQuerySchema,
  SwitchChunksSchema,
  UpdateChunkSchema,
} from "../contract/chunks";
import type { AppEnv } from "../env";
import { bulkMessage } from "../lib/bulk-report";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { getStoredChunk, listChunks } from "../services/chunks/list";
import { createChunk, removeChunks, switchChunks, updateChunk } from "../services/chunks/write";

const ids = (c: { req: { param: (name: string) => string | undefined } }) =>
  [c.req.param("datasetId") as string, c.req.param("documentId") as string] as const;

const updateBody = jsonBodyAsDataError(UpdateChunkSchema);

// /datasets/{datasetId}/documents/{documentId}/chunks
export const chunkRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", queryParams(ListChunksQuerySchema), async (c) =>
    ok(c, await listChunks(serviceContext(c), ...ids(c), c.req.valid("query"))),
  )
  .post("/", jsonBodyAsDataError(CreateChunkSchema), async (c) =>
    ok(c, await createChunk(serviceContext(c), ...ids(c), c.req.valid("json"))),
  )
  .patch("/", jsonBodyAsDataError(SwitchChunksSchema), async (c) => {
    const body = c.req.valid("json");
    const available = body.available ?? body.available_int === 1;
    return ok(c, await switchChunks(serviceContext(c), ...ids(c), body.chunk_ids, available));
  })
  .delete("/", jsonBodyAsDataError(DeleteChunksSchema), async (c) => {
    const body = c.req.valid("json");
    const report = await removeChunks(serviceContext(c), ...ids(c), body.chunk_ids ?? null, body.delete_all);
    return ok(c, report, bulkMessage(report, "deleted", "chunks"));
  })
  .get("/:chunkId", async (c) => ok(c, await getStoredChunk(serviceContext(c), ...ids(c), c.req.param("chunkId"))))
  .on(["PATCH", "PUT"], "/:chunkId", updateBody, async (c) =>
    ok(c, await updateChunk(serviceContext(c), ...ids(c), c.req.param("chunkId"), c.req.valid("json"))),
  );
