import type { McpSecrets, McpToolMeta } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { checkOutboundUrl } from "../../lib/url-guard";
import type { ServiceContext } from "../context";
import { headersOf, openMcpSession } from "./client";

export const assertMcpUrl = (ctx: ServiceContext, url: string) => {
  const check = checkOutboundUrl(url, ctx.config.allowPrivateFetch);
  if (!check.ok) throw dataError(`url: ${check.reason}`);
};

// Connects with these settings and lists the server's tools (by name); a failure is a data error that says why.
export const listServerTools = async (
  ctx: ServiceContext,
  url: string,
  secrets: McpSecrets,
  timeoutSeconds: number,
): Promise<Record<string, McpToolMeta>> => {
  assertMcpUrl(ctx, url);
  try {
    const session = await openMcpSession(
      ctx,
      { url, headers: headersOf(secrets.headers, secrets.variables) },
      timeoutSeconds,
    );
    const tools = await session.listTools();
    return Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  } catch (error) {
    throw dataError(`Test MCP error: ${error instanceof Error ? error.message : String(error)}`);
  }
};
