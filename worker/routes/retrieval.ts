import { Hono } from "hono";
import { RetrievalSchema } from "../contract/retrieval";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { retrieve } from "../services/retrieval/retrieve";

export const retrievalRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", jsonBodyAsDataError(RetrievalSchema), async (c) => {
    const { chunks, doc_aggs, total } = await retrieve(serviceContext(c), c.req.valid("json"));
    return ok(c, { chunks, doc_aggs, total });
  });
