import { Separator, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { ApiDocs } from "./api-docs";
import { ApiKeys } from "./api-keys";
import { McpServer } from "./mcp-server";
import { McpServers } from "./mcp-servers";

// /user-setting/api: the API keys, the MCP server (its configuration with a key just made), the MCP servers the
// team's Agents call, the API reference.
export const ApiSettings = () => {
  const [freshKey, setFreshKey] = useState<string | null>(null);
  return (
    <Stack gap="8">
      <ApiKeys onKeyCreated={setFreshKey} />
      <Separator />
      <McpServer apiKey={freshKey} />
      <Separator />
      <McpServers />
      <Separator />
      <ApiDocs />
    </Stack>
  );
};
