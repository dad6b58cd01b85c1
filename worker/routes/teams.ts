import { Hono } from "hono";
import { ChangeRoleSchema, InviteMemberSchema } from "../contract/teams";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBody } from "../middleware/validate";
import {
  acceptInvitation,
  changeRole,
  inviteMember,
  listJoinedTeams,
  listMembers,
  removeMember,
} from "../services/teams/members";

// /tenants: the teams I am in or invited to; /tenants/{id}/users: a team's members (RAGFlow's tenant endpoints).
export const teamRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => ok(c, await listJoinedTeams(serviceContext(c))))
  .get("/:tenantId/users", async (c) => ok(c, await listMembers(serviceContext(c), c.req.param("tenantId"))))
  .post("/:tenantId/users", jsonBody(InviteMemberSchema), async (c) =>
    ok(c, await inviteMember(serviceContext(c), c.req.param("tenantId"), c.req.valid("json").email)),
  )
  .put("/:tenantId/agree", async (c) => ok(c, await acceptInvitation(serviceContext(c), c.req.param("tenantId"))))
  .patch("/:tenantId/users/:userId", jsonBody(ChangeRoleSchema), async (c) =>
    ok(c, await changeRole(serviceContext(c), c.req.param("tenantId"), c.req.param("userId"), c.req.valid("json"))),
  )
  .delete("/:tenantId/users/:userId", async (c) =>
    ok(c, await removeMember(serviceContext(c), c.req.param("tenantId"), c.req.param("userId"))),
  );
