import { Checkbox, Fieldset, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AgentMcpEntry } from "../../../../worker/contract/mcp-servers";
import { mcpServersQueryOptions } from "../../../api/mcp-servers";

type Props = { value: unknown; onChange: (mcp: AgentMcpEntry[]) => void };

// The Agent's MCP tools (RAGFlow v0.27's `mcp: [{mcp_id, tools}]`): any tool of the team's MCP servers.
export const AgentMcpField = ({ value, onChange }: Props) => {
  const { t } = useTranslation();
  const { data } = useQuery(mcpServersQueryOptions());
  const entries = (Array.isArray(value) ? value : []) as AgentMcpEntry[];
  const picked = (serverId: string, tool: string) =>
    Boolean(entries.find((entry) => entry.mcp_id === serverId)?.tools?.[tool]);
  const toggle = (serverId: string, tool: string, meta: AgentMcpEntry["tools"][string], on: boolean) => {
    const current = entries.find((entry) => entry.mcp_id === serverId)?.tools ?? {};
    const { [tool]: _dropped, ...rest } = current;
    const tools = on ? { ...current, [tool]: meta } : rest;
    const others = entries.filter((entry) => entry.mcp_id !== serverId);
    onChange(Object.keys(tools).length ? [...others, { mcp_id: serverId, tools }] : others);
  };
  const servers = data?.mcp_servers ?? [];
  return (
    <Fieldset.Root data-testid="agent-mcp-tools">
      <Fieldset.Legend fontWeight="medium">{t("mcpClients.agentTools")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("mcpClients.agentToolsHint")}</Fieldset.HelperText>
      {servers.length === 0 && <Text color="fg.muted">{t("mcpClients.agentToolsEmpty")}</Text>}
      {servers.map((server) => (
        <Stack key={server.id} gap="1">
          <Text fontSize="sm" fontWeight="medium">
            {server.name}
          </Text>
          {Object.entries(server.variables.tools).map(([tool, meta]) => (
            <Checkbox.Root
              key={tool}
              size="sm"
              colorPalette="teal"
              checked={picked(server.id, tool)}
              onCheckedChange={(e) => toggle(server.id, tool, meta, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {tool}
                {meta.description ? ` – ${meta.description}` : ""}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      ))}
    </Fieldset.Root>
  );
};
