import { Hono } from "hono";
import { TASK_ACTIONS, TaskActionSchema } from "../contract/tasks";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { argumentError } from "../lib/errors";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBody } from "../middleware/validate";
import { cancelTask } from "../services/ingestion/cancel-task";

// RAGFlow's /tasks/{id}: stop an ingestion task, by POST …/cancel or PATCH {action: "stop"}.
export const taskRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/:taskId/cancel", async (c) => ok(c, await cancelTask(serviceContext(c), c.req.param("taskId"))))
  .patch("/:taskId", jsonBody(TaskActionSchema), async (c) => {
    const { action } = c.req.valid("json");
    if (!(TASK_ACTIONS as readonly string[]).includes(action))
      throw argumentError(`Invalid action '${action}'. Only 'stop' is supported.`);
    return ok(c, await cancelTask(serviceContext(c), c.req.param("taskId")));
  });
