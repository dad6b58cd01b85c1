import { Hono } from "hono";
import { JSON_RPC, MCP_PROTOCOL_VERSIONS } from "../contract/mcp";
import type { AppEnv } from "../env";
import { unauthorized } from "../lib/errors";
import { requireAuth } from "../middleware/auth";
import { limitBody } from "../middleware/body-limit";
import { serviceContext } from "../middleware/deps";
import { init } from "../middleware/init";
import { handleMessage } from "../services/mcp/protocol";

const VERSION_HEADER = "MCP-Protocol-Version";

const rpcError = (code: number, message: string) => ({ jsonrpc: "2.0", id: null, error: { code, message } });

// Buddy as an MCP server over Streamable HTTP: JSON-RPC over POST, answered as application/json (the specification
// allows it in place of an SSE stream). Nothing is pushed to clients, so there is no GET stream and no session
// to DELETE. Only a team API key opens it: the tools act for the key's maker in the key's team.
export const mcpRoutes = new Hono<AppEnv>()
  .on(["GET", "DELETE"], "/", (c) => {
    c.header("Allow", "POST");
    return c.json(rpcError(JSON_RPC.invalidRequest, "Method not allowed: send JSON-RPC messages with POST."), 405);
  })
  .use(init, limitBody, requireAuth, async (c, next) => {
    if (c.var.actor.via !== "api_key") throw unauthorized();
    await next();
  })
  .post("/", async (c) => {
    const asked = c.req.header(VERSION_HEADER);
    if (asked && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(asked))
      return c.json(rpcError(JSON_RPC.invalidRequest, `Unsupported ${VERSION_HEADER}: ${asked}`), 400);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(rpcError(JSON_RPC.parseError, "Parse error: the body is not JSON."), 400);
    }
    const caller = { ctx: serviceContext(c), waitUntil: (work: Promise<unknown>) => c.executionCtx.waitUntil(work) };
    const version = c.var.deps.config.version;
    if (Array.isArray(body)) {
      if (body.length === 0) return c.json(rpcError(JSON_RPC.invalidRequest, "An empty batch."), 400);
      const answers = [];
      for (const message of body) answers.push(await handleMessage(caller, version, message));
      const sent = answers.filter((answer) => answer !== null);
      return sent.length ? c.json(sent) : c.body(null, 202);
    }
    const answer = await handleMessage(caller, version, body);
    return answer ? c.json(answer) : c.body(null, 202);
  });
