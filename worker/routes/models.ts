import { Hono } from "hono";
import { AddModelSchema, SetDefaultModelsSchema, UpdateModelSchema } from "../contract/models";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth, requireTeamManager } from "../middleware/auth";
import { depsOf, serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { addModel, removeModel, setModelEnabled, testModel } from "../services/models/add";
import { listModels } from "../services/models/catalogue-view";
import { setDefaultModels } from "../services/models/defaults";

// GET /models, PATCH /models/default
export const modelRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => ok(c, await listModels(serviceContext(c))))
  .patch("/default", requireTeamManager, jsonBodyAsDataError(SetDefaultModelsSchema), async (c) =>
    ok(c, await setDefaultModels(serviceContext(c), c.req.valid("json"))),
  );

// /providers/models (add, delete), /providers/test (test connection without saving). Testing is for those who
// manage the models: it makes the worker call an address of the caller's choosing.
export const providerRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/test", requireTeamManager, jsonBodyAsDataError(AddModelSchema), async (c) =>
    ok(c, await testModel(depsOf(c), c.req.valid("json"))),
  )
  .post("/models", requireTeamManager, jsonBodyAsDataError(AddModelSchema), async (c) => {
    await addModel(serviceContext(c), c.req.valid("json"));
    return ok(c, await listModels(serviceContext(c)));
  })
  .patch("/models/:id", requireTeamManager, jsonBodyAsDataError(UpdateModelSchema), async (c) =>
    ok(c, await setModelEnabled(serviceContext(c), c.req.param("id"), c.req.valid("json").enabled)),
  )
  .delete("/models/:id", requireTeamManager, async (c) =>
    ok(c, await removeModel(serviceContext(c), c.req.param("id"))),
  );
