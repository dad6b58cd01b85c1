import { Hono } from "hono";
import {
  CreateFileSchema,
  DeleteFilesSchema,
  ImportS3Schema,
  ImportWebSchema,
  LinkFilesSchema,
  ListFilesQuerySchema,
  ListS3Schema,
  MoveFilesSchema,
} from "../contract/files";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { assertJsonObject, jsonBody, parseOrThrow, queryParams } from "../middleware/validate";
import { fileAncestors, fileParent } from "../services/files/ancestors";
import { createFile } from "../services/files/create";
import { downloadFile } from "../services/files/download";
import { importS3Objects, listS3Objects } from "../services/files/import-s3";
import { importWebsite } from "../services/files/import-web";
import { linkFilesToDatasets } from "../services/files/link";
import { listFiles } from "../services/files/list";
import { moveFiles } from "../services/files/move";
import { removeFiles } from "../services/files/remove";
import { uploadFiles } from "../services/files/upload";
import { fileResponse, readForm, uploadedFiles } from "./file-transfer";

export const fileRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", queryParams(ListFilesQuerySchema), async (c) =>
    ok(c, await listFiles(serviceContext(c), c.req.valid("query"))),
  )
  // multipart `file` parts (+ parent_id) upload; JSON {name, parent_id, type} creates a folder or an empty file
  .post("/", async (c) => {
    const ctx = serviceContext(c);
    if ((c.req.header("Content-Type") ?? "").startsWith("application/json")) {
      return ok(
        c,
        await createFile(ctx, parseOrThrow(CreateFileSchema, assertJsonObject(await c.req.json().catch(() => null)))),
      );
    }
    const form = await readForm(c.req.raw);
    const parentId = form.get("parent_id");
    return ok(
      c,
      await uploadFiles(ctx, typeof parentId === "string" && parentId ? parentId : undefined, uploadedFiles(form)),
    );
  })
  .delete("/", jsonBody(DeleteFilesSchema), async (c) =>
    ok(c, await removeFiles(serviceContext(c), c.req.valid("json").ids)),
  )
  .post("/move", jsonBody(MoveFilesSchema), async (c) => ok(c, await moveFiles(serviceContext(c), c.req.valid("json"))))
  .post("/link-to-datasets", jsonBody(LinkFilesSchema), async (c) =>
    ok(c, await linkFilesToDatasets(serviceContext(c), c.req.valid("json"))),
  )
  .post("/import/web", jsonBody(ImportWebSchema), async (c) =>
    ok(c, await importWebsite(serviceContext(c), c.req.valid("json"))),
  )
  .post("/import/s3/list", jsonBody(ListS3Schema), async (c) =>
    ok(c, await listS3Objects(serviceContext(c), c.req.valid("json"))),
  )
  .post("/import/s3", jsonBody(ImportS3Schema), async (c) =>
    ok(c, await importS3Objects(serviceContext(c), c.req.valid("json"))),
  )
  .get("/:fileId/parent", async (c) =>
    ok(c, { parent_folder: await fileParent(serviceContext(c), c.req.param("fileId")) }),
  )
  .get("/:fileId/ancestors", async (c) =>
    ok(c, { parent_folders: await fileAncestors(serviceContext(c), c.req.param("fileId")) }),
  )
  .get("/:fileId", async (c) => fileResponse(await downloadFile(serviceContext(c), c.req.param("fileId"))));
