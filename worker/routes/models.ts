import { Hono } from "hono";
import { ListModelsQuerySchema, SetDefaultModelSchema } from "../contract/models";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth, requireTeamManager } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { requiredFieldsBody } from "../middleware/required-body";
import { queryParams } from "../middleware/validate";
import { listModels, tenantModelInfo } from "../services/models/catalogue-view";
import { listDefaultModels, setDefaultModel } from "../services/models/defaults";

// GET /models (the team's models), GET/PATCH /models/default
export const modelRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", queryParams(ListModelsQuerySchema), async (c) =>
    ok(c, await listModels(serviceContext(c), c.req.valid("query").type)),
  )
  .get("/default", async (c) => ok(c, await listDefaultModels(serviceContext(c))))
  .patch("/default", requireTeamManager, requiredFieldsBody(SetDefaultModelSchema), async (c) =>
    ok(c, await setDefaultModel(serviceContext(c), c.req.valid("json"))),
  );

// GET /users/me/models: the team with its default model ids (RAGFlow's tenant info)
export const tenantModelRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => ok(c, await tenantModelInfo(serviceContext(c))));
