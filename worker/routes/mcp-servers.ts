import { Hono } from "hono";
import {
  CreateMcpServerSchema,
  ImportMcpServersSchema,
  ListMcpServersQuerySchema,
  TestMcpServerSchema,
  UpdateMcpServerSchema,
} from "../contract/mcp-servers";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth, requireTeamManager } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { requiredFieldsBody as body } from "../middleware/required-body";
import { queryParams } from "../middleware/validate";
import { createMcpServer } from "../services/mcp-client/create";
import { exportMcpServer } from "../services/mcp-client/export";
import { teamServer } from "../services/mcp-client/find";
import { importMcpServers } from "../services/mcp-client/import";
import { listMcpServers } from "../services/mcp-client/list";
import { removeMcpServer } from "../services/mcp-client/remove";
import { toMcpServer } from "../services/mcp-client/serialize";
import { testMcpServer } from "../services/mcp-client/test";
import { updateMcpServer } from "../services/mcp-client/update";

const idList = (...raw: string[]) =>
  raw
    .flatMap((value) => value.split(","))
    .map((id) => id.trim())
    .filter(Boolean);

// /mcp/servers (RAGFlow v0.27's MCP API): the team's MCP servers whose tools Agents call. Reading is for every
// member; changing and testing (the worker calls an address of the caller's choosing) for those who manage the team.
export const mcpServerRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", queryParams(ListMcpServersQuerySchema), async (c) => {
    const query = c.req.valid("query");
    return ok(
      c,
      await listMcpServers(serviceContext(c), {
        keywords: query.keywords,
        page: query.page,
        pageSize: query.page_size,
        orderby: query.orderby,
        desc: query.desc,
        ids: idList(...(c.req.queries("mcp_ids") ?? []), query.mcp_id),
      }),
    );
  })
  .post("/", requireTeamManager, body(CreateMcpServerSchema), async (c) =>
    ok(c, await createMcpServer(serviceContext(c), c.req.valid("json"))),
  )
  .post("/import", requireTeamManager, body(ImportMcpServersSchema), async (c) => {
    const { mcpServers, timeout } = c.req.valid("json");
    return ok(c, await importMcpServers(serviceContext(c), mcpServers, timeout));
  })
  .get("/:mcpId", async (c) => {
    const ctx = serviceContext(c);
    const id = c.req.param("mcpId");
    if (c.req.query("mode") === "download") return ok(c, await exportMcpServer(ctx, id));
    return ok(c, toMcpServer(await teamServer(ctx, id)));
  })
  .put("/:mcpId", requireTeamManager, body(UpdateMcpServerSchema), async (c) =>
    ok(c, await updateMcpServer(serviceContext(c), c.req.param("mcpId"), c.req.valid("json"))),
  )
  .delete("/:mcpId", requireTeamManager, async (c) =>
    ok(c, await removeMcpServer(serviceContext(c), c.req.param("mcpId"))),
  )
  .post("/:mcpId/test", requireTeamManager, body(TestMcpServerSchema), async (c) =>
    ok(c, await testMcpServer(serviceContext(c), c.req.param("mcpId"), c.req.valid("json"))),
  );
