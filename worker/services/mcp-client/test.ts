import type { UpdateMcpServerInput } from "../../contract/mcp-servers";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { listServerTools } from "./connect";
import { findTeamServer } from "./find";
import { mergedSettings } from "./update";

// POST /mcp/servers/{id}/test: the tools the server lists with these settings, each `enabled`. For a saved
// server what the body leaves out (or sends masked) is the saved setting; any other id tests the body alone.
export const testMcpServer = async (ctx: ServiceContext, id: string, input: UpdateMcpServerInput) => {
  const saved = await findTeamServer(ctx, id);
  const settings = saved
    ? await mergedSettings(ctx, id, input)
    : { url: input.url, secrets: { headers: input.headers ?? {}, variables: input.variables ?? {} } };
  if (!settings.url) throw dataError("url is required");
  const tools = await listServerTools(ctx, settings.url, settings.secrets, input.timeout ?? 10);
  return Object.values(tools).map((tool) => ({ ...tool, enabled: true }));
};
