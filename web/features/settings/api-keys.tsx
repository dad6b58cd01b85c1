import { Alert, Box, Button, Code, EmptyState, Heading, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { KeyRound, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { API_BASE } from "../../api/client";
import { tokensQueryOptions, useCreateTokenMutation, useDeleteTokenMutation } from "../../api/tokens";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { CopyField } from "../../components/copy-field";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatDateTime } from "../../lib/format";
import { SectionHeader } from "./section-header";

// Creates an API key and shows it once, to copy; the caller may use it too (the API tab's examples).
export const NewApiKey = ({ onCreated }: { onCreated?: (key: string) => void }) => {
  const { t } = useTranslation();
  const create = useCreateTokenMutation();
  const [freshKey, setFreshKey] = useState<string | null>(null);
  const createKey = async () => {
    const token = await create.mutateAsync().catch(notifyError);
    if (!token) return;
    setFreshKey(token.token);
    onCreated?.(token.token);
    notifySuccess(t("common.toast.created"));
  };
  return (
    <>
      {freshKey && (
        <Alert.Root status="success" flexDirection="column" alignItems="stretch" gap="2" data-testid="new-api-key">
          <Alert.Title>{t("settings.keyCreated")}</Alert.Title>
          <Alert.Description>{t("settings.keyCreatedHint")}</Alert.Description>
          <CopyField value={freshKey} label={t("settings.keyCreated")} />
        </Alert.Root>
      )}
      <Box>
        <Button colorPalette="teal" onClick={() => void createKey()} loading={create.isPending}>
          <Plus /> {t("settings.createKey")}
        </Button>
      </Box>
    </>
  );
};

export const ApiKeys = ({ onKeyCreated }: { onKeyCreated?: (key: string) => void }) => {
  const { t } = useTranslation();
  const { data: tokens } = useSuspenseQuery(tokensQueryOptions());
  const remove = useDeleteTokenMutation();
  const baseUrl = `${window.location.origin}${API_BASE}`;

  const deleteKey = async (id: string) => {
    await remove.mutateAsync(id).then(() => notifySuccess(t("common.toast.deleted")), notifyError);
  };

  return (
    <Stack gap="6">
      <SectionHeader title={t("settings.api")} description={t("settings.apiDescription")} />
      <FormField label={t("settings.apiBaseUrl")}>
        <CopyField value={baseUrl} label={t("settings.apiBaseUrl")} />
      </FormField>
      <NewApiKey onCreated={onKeyCreated} />
      {tokens.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="md">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <KeyRound />
            </EmptyState.Indicator>
            <EmptyState.Description>{t("settings.noKeys")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("settings.key")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("settings.createdAt")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("settings.lastUsed")}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t("common.actions")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tokens.map((token) => (
                <Table.Row key={token.id} data-testid="api-key-row">
                  <Table.Cell fontFamily="mono">{token.token}</Table.Cell>
                  <Table.Cell>{formatDateTime(token.create_time)}</Table.Cell>
                  <Table.Cell>{token.update_time ? formatDateTime(token.update_time) : t("settings.never")}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <ConfirmDialog
                      title={t("settings.deleteKeyTitle")}
                      body={t("settings.deleteKeyBody")}
                      onConfirm={() => deleteKey(token.id)}
                      trigger={
                        <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={t("common.delete")}>
                          <Trash2 />
                        </IconButton>
                      }
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Stack gap="2">
        <Heading as="h2" size="sm">
          {t("settings.usage")}
        </Heading>
        <Code display="block" whiteSpace="pre-wrap" p="3" rounded="md">
          {`curl -H "Authorization: Bearer <API_KEY>" ${baseUrl}/datasets`}
        </Code>
        <Text fontSize="sm" color="fg.muted">
          {`ragflow_sdk: RAGFlow(api_key="<API_KEY>", base_url="${window.location.origin}")`}
        </Text>
      </Stack>
      <Stack gap="2">
        <Heading as="h2" size="sm">
          {t("settings.difyTitle")}
        </Heading>
        <CopyField value={`${baseUrl}/dify`} label={t("settings.difyEndpoint")} />
        <Text fontSize="sm" color="fg.muted">
          {t("settings.difyHint")}
        </Text>
      </Stack>
    </Stack>
  );
};
