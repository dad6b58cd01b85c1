import * as v from "valibot";
import { CreateMcpServerSchema } from "../../contract/mcp-servers";
import { AppError } from "../../lib/errors";
import { formatIssues } from "../../lib/validation";
import type { ServiceContext } from "../context";
import { createMcpServer } from "./create";
import { serverNamed } from "./find";

type ImportResult = {
  server: string;
  success: boolean;
  message?: string;
  action?: string;
  id?: string;
  new_name?: string;
};

// A free name: the name, else name_0, name_1, … (RAGFlow's renaming).
const freeName = async (ctx: ServiceContext, base: string) => {
  for (let counter = -1; counter < 100; counter++) {
    const name = counter < 0 ? base : `${base}_${counter}`;
    if (!(await serverNamed(ctx, name))) return name;
  }
  return `${base}_${crypto.randomUUID().slice(0, 8)}`;
};

// The settings of one entry of a client configuration ({type, url, authorization_token, headers}): a token
// without headers is sent as a bearer token.
const settingsOf = (name: string, config: Record<string, unknown>, timeout: number) => {
  const token = typeof config.authorization_token === "string" ? config.authorization_token : "";
  const headers =
    typeof config.headers === "object" && config.headers !== null
      ? config.headers
      : token
        ? { Authorization: "Bearer ${authorization_token}" }
        : {};
  return v.safeParse(CreateMcpServerSchema, {
    name,
    url: config.url,
    server_type: config.type,
    description: typeof config.description === "string" ? config.description : "",
    headers,
    variables: token ? { authorization_token: token } : {},
    timeout,
  });
};

// POST /mcp/servers/import: each server of {mcpServers: {name: config}} created as POST /mcp/servers does,
// renamed when the name is taken; one result per server, a failure not stopping the others.
export const importMcpServers = async (
  ctx: ServiceContext,
  servers: Record<string, Record<string, unknown>>,
  timeout: number,
) => {
  const results: ImportResult[] = [];
  for (const [server, config] of Object.entries(servers)) {
    if (config.type === undefined || config.url === undefined) {
      results.push({ server, success: false, message: "Missing required fields (type or url)" });
      continue;
    }
    const name = await freeName(ctx, server.slice(0, 240));
    const settings = settingsOf(name, config, timeout);
    if (!settings.success) {
      results.push({ server, success: false, message: formatIssues(settings.issues) });
      continue;
    }
    try {
      const created = await createMcpServer(ctx, settings.output);
      results.push({
        server,
        success: true,
        action: "created",
        id: created.id,
        new_name: name,
        ...(name !== server && { message: `Renamed from '${server}' to '${name}' avoid duplication` }),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ server, success: false, message: error.message });
    }
  }
  return { results };
};
