import { Hono } from "hono";
import * as v from "valibot";
import { msg, str } from "../contract/pydantic";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { getAgentSchedule, removeAgentSchedule, setAgentSchedule } from "../services/agents/schedules/set";

const ScheduleSchema = v.object({
  cron: str(1, 200),
  question: v.optional(v.pipe(v.string(msg.string), v.maxLength(4000, msg.maxChars(4000)))),
  enabled: v.optional(v.boolean(msg.boolean)),
});

// A flow's schedule: run by the Worker's cron trigger (worker/index.ts).
export const agentScheduleRoutes = new Hono<AppEnv>()
  .get("/:agentId/schedule", requireAuth, async (c) =>
    ok(c, await getAgentSchedule(serviceContext(c), c.req.param("agentId"))),
  )
  .put("/:agentId/schedule", requireAuth, jsonBodyAsDataError(ScheduleSchema), async (c) =>
    ok(c, await setAgentSchedule(serviceContext(c), c.req.param("agentId"), c.req.valid("json"))),
  )
  .delete("/:agentId/schedule", requireAuth, async (c) =>
    ok(c, await removeAgentSchedule(serviceContext(c), c.req.param("agentId"))),
  );
