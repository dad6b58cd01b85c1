import { Badge, Box, Button, Heading, HStack, IconButton, Input, Stack, Text, Wrap } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Plug, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type McpServerSettings,
  mcpServersQueryOptions,
  useCreateMcpServerMutation,
  useDeleteMcpServerMutation,
  useTestMcpServerMutation,
} from "../../api/mcp-servers";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";

// The form's fields as the API takes them: a token goes into a variable the Authorization header names.
const settingsOf = (name: string, url: string, token: string): McpServerSettings => ({
  name: name.trim(),
  url: url.trim(),
  server_type: "streamable-http",
  headers: token ? { Authorization: "Bearer ${authorization_token}" } : {},
  variables: token ? { authorization_token: token } : {},
});

// The MCP servers whose tools this team's Agents call: add (after a connection test), see their tools, remove.
export const McpServers = () => {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(mcpServersQueryOptions());
  const create = useCreateMcpServerMutation();
  const remove = useDeleteMcpServerMutation();
  const test = useTestMcpServerMutation();
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const ready = name.trim() !== "" && url.trim() !== "";

  const runTest = async () => {
    const tools = await test.mutateAsync({ id: "new", body: settingsOf(name, url, token) }).catch(notifyError);
    if (tools) notifySuccess(t("mcpClients.testOk", { count: tools.length }));
  };
  const add = async () => {
    const created = await create.mutateAsync(settingsOf(name, url, token)).catch(notifyError);
    if (!created) return;
    notifySuccess(t("common.toast.created"));
    setName("");
    setUrl("");
    setToken("");
  };

  return (
    <Stack as="section" gap="4" aria-labelledby="mcp-clients-heading" data-testid="mcp-clients">
      <Stack gap="1">
        <Heading as="h2" size="md" id="mcp-clients-heading">
          {t("mcpClients.title")}
        </Heading>
        <Text color="fg.muted">{t("mcpClients.description")}</Text>
      </Stack>
      <Stack gap="3" borderWidth="1px" rounded="md" p="4">
        <HStack gap="3" align="start" flexWrap="wrap">
          <Box flex="1" minW="40">
            <FormField label={t("mcpClients.name")}>
              <Input name="mcp-name" value={name} onChange={(e) => setName(e.target.value)} />
            </FormField>
          </Box>
          <Box flex="2" minW="60">
            <FormField label={t("mcpClients.url")}>
              <Input name="mcp-url" value={url} placeholder="https://…/mcp" onChange={(e) => setUrl(e.target.value)} />
            </FormField>
          </Box>
        </HStack>
        <FormField label={t("mcpClients.token")} helper={t("mcpClients.tokenHint")}>
          <Input name="mcp-token" type="password" value={token} onChange={(e) => setToken(e.target.value)} />
        </FormField>
        <HStack gap="3">
          <Button variant="outline" disabled={!ready} loading={test.isPending} onClick={() => void runTest()}>
            <Plug /> {t("mcpClients.test")}
          </Button>
          <Button colorPalette="teal" disabled={!ready} loading={create.isPending} onClick={() => void add()}>
            <Plus /> {t("mcpClients.add")}
          </Button>
        </HStack>
      </Stack>
      {data.mcp_servers.length === 0 ? (
        <Text color="fg.muted">{t("mcpClients.empty")}</Text>
      ) : (
        <Stack gap="2">
          {data.mcp_servers.map((server) => (
            <HStack key={server.id} borderWidth="1px" rounded="md" p="3" align="start" data-testid="mcp-client-row">
              <Box flex="1" minW="0">
                <Text fontWeight="medium">{server.name}</Text>
                <Text fontSize="sm" color="fg.muted" truncate>
                  {server.url}
                </Text>
                <Wrap gap="1" mt="2" aria-label={t("mcpClients.tools")}>
                  {Object.keys(server.variables.tools).map((tool) => (
                    <Badge key={tool} variant="subtle" colorPalette="teal">
                      {tool}
                    </Badge>
                  ))}
                </Wrap>
              </Box>
              <ConfirmDialog
                title={t("mcpClients.deleteTitle")}
                body={t("mcpClients.deleteBody")}
                onConfirm={() =>
                  remove.mutateAsync(server.id).then(() => notifySuccess(t("common.toast.deleted")), notifyError)
                }
                trigger={
                  <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={t("common.delete")}>
                    <Trash2 />
                  </IconButton>
                }
              />
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
