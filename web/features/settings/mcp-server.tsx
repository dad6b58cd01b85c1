import { Heading, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { CopyField } from "../../components/copy-field";
import { FormField } from "../../components/form-field";
import { CodeBlock } from "../share-links/code-block";

export const MCP_PATH = "/mcp";
export const KEY_PLACEHOLDER = "<API_KEY>";

// What MCP clients (Claude Desktop, Cursor, VS Code, …) read to connect to Buddy's server with an API key.
export const mcpClientConfig = (url: string, key: string) =>
  JSON.stringify({ mcpServers: { buddy: { url, headers: { Authorization: `Bearer ${key}` } } } }, null, 2);

// Buddy's MCP server: its address and a client configuration to copy, with a key just created or a placeholder.
export const McpServer = ({ apiKey }: { apiKey: string | null }) => {
  const { t } = useTranslation();
  const url = `${window.location.origin}${MCP_PATH}`;
  return (
    <Stack as="section" gap="4" aria-labelledby="mcp-server-heading" data-testid="mcp-server">
      <Stack gap="1">
        <Heading as="h2" size="md" id="mcp-server-heading">
          {t("mcpServer.title")}
        </Heading>
        <Text color="fg.muted">{t("mcpServer.description")}</Text>
      </Stack>
      <FormField label={t("mcpServer.url")}>
        <CopyField value={url} label={t("mcpServer.url")} />
      </FormField>
      <FormField label={t("mcpServer.config")} helper={apiKey ? undefined : t("mcpServer.configHint")}>
        <CodeBlock code={mcpClientConfig(url, apiKey ?? KEY_PLACEHOLDER)} label={t("mcpServer.config")} />
      </FormField>
      <Text color="fg.muted" fontSize="sm">
        {t("mcpServer.tools")}
      </Text>
    </Stack>
  );
};
