import { Button, EmptyState, Flex, HStack, IconButton, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type PromptTemplate,
  promptTemplatesQueryOptions,
  useDeletePromptTemplateMutation,
} from "../../api/prompt-templates";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { formatDateTime } from "../../lib/format";
import { SectionHeader } from "../settings/section-header";
import { TemplateDialog } from "./template-dialog";

const PAGE_SIZE = 20;

const TemplateRow = ({ template, onEdit }: { template: PromptTemplate; onEdit: () => void }) => {
  const { t } = useTranslation();
  const remove = useDeletePromptTemplateMutation();
  return (
    <Table.Row data-testid="prompt-template-row">
      <Table.Cell fontWeight="medium">{template.name}</Table.Cell>
      <Table.Cell color="fg.muted" maxW="md" truncate title={template.description}>
        {template.description}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" color="fg.muted">
        {formatDateTime(template.update_time)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t("prompts.editOf", { name: template.name })}
          onClick={onEdit}
        >
          <Pencil />
        </IconButton>
        <ConfirmDialog
          title={t("prompts.deleteTitle")}
          body={t("prompts.deleteBody", { name: template.name })}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutateAsync(template.id).then(() => notifySuccess(t("common.toast.deleted")), notifyError)
          }
          trigger={
            <IconButton variant="ghost" size="sm" aria-label={t("prompts.deleteOf", { name: template.name })}>
              <Trash2 />
            </IconButton>
          }
        />
      </Table.Cell>
    </Table.Row>
  );
};

// /profile-setting/prompt: the team's prompt templates, searchable, with create, edit and delete.
export const PromptTemplatesPage = () => {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PromptTemplate | "new" | null>(null);
  const query = useQuery(promptTemplatesQueryOptions({ page, pageSize: PAGE_SIZE, keywords }));

  return (
    <Stack gap="5">
      <SectionHeader title={t("prompts.title")} description={t("prompts.description")} />
      <Flex justify="space-between" gap="3" wrap="wrap">
        <SearchInput
          label={t("prompts.search")}
          value={keywords}
          onChange={(text) => {
            setKeywords(text);
            setPage(1);
          }}
        />
        <Button colorPalette="teal" onClick={() => setEditing("new")}>
          <Plus /> {t("prompts.create")}
        </Button>
      </Flex>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="32" rounded="lg" />
      ) : query.data.templates.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <FileText />
            </EmptyState.Indicator>
            <EmptyState.Description>
              {keywords ? t("prompts.noMatch", { query: keywords }) : t("prompts.empty")}
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="3">
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={t("prompts.title")}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t("prompts.name")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("prompts.descriptionLabel")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("prompts.updated")}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Text srOnly>{t("common.actions")}</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.templates.map((template) => (
                  <TemplateRow key={template.id} template={template} onEdit={() => setEditing(template)} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <HStack justify="flex-end">
            <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
          </HStack>
        </Stack>
      )}
      {editing && (
        <TemplateDialog template={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
};
