import { Hono } from "hono";
import {
  CreatePromptTemplateSchema,
  ListPromptTemplatesQuerySchema,
  UpdatePromptTemplateSchema,
} from "../contract/prompt-templates";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { createPromptTemplate } from "../services/prompt-templates/create";
import { getPromptTemplate } from "../services/prompt-templates/get";
import { listPromptTemplates } from "../services/prompt-templates/list";
import { removePromptTemplate } from "../services/prompt-templates/remove";
import { updatePromptTemplate } from "../services/prompt-templates/update";

// /prompt-templates: the team's reusable prompts (docs/prompt-templates.md).
export const promptTemplateRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", queryParams(ListPromptTemplatesQuerySchema), async (c) =>
    ok(c, await listPromptTemplates(serviceContext(c), c.req.valid("query"))),
  )
  .post("/", jsonBodyAsDataError(CreatePromptTemplateSchema), async (c) =>
    ok(c, await createPromptTemplate(serviceContext(c), c.req.valid("json"))),
  )
  .get("/:id", async (c) => ok(c, await getPromptTemplate(serviceContext(c), c.req.param("id"))))
  .put("/:id", jsonBodyAsDataError(UpdatePromptTemplateSchema), async (c) =>
    ok(c, await updatePromptTemplate(serviceContext(c), c.req.param("id"), c.req.valid("json"))),
  )
  .delete("/:id", async (c) => ok(c, await removePromptTemplate(serviceContext(c), c.req.param("id"))));
