import { IconButton, Stack, Table } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FileText, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type PromptTemplate,
  promptTemplatesQueryOptions,
  useDeletePromptTemplateMutation,
} from "../../api/prompt-templates";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { SearchableList } from "../../components/searchable-list";
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
      <SearchableList
        title={t("prompts.title")}
        searchLabel={t("prompts.search")}
        createLabel={t("prompts.create")}
        onCreate={() => setEditing("new")}
        keywords={keywords}
        onSearch={(text) => {
          setKeywords(text);
          setPage(1);
        }}
        query={query}
        count={query.data?.templates.length}
        emptyIcon={<FileText />}
        emptyText={t("prompts.empty")}
        noMatchText={t("prompts.noMatch", { query: keywords })}
        columns={[t("prompts.name"), t("prompts.descriptionLabel"), t("prompts.updated")]}
        rows={query.data?.templates.map((template) => (
          <TemplateRow key={template.id} template={template} onEdit={() => setEditing(template)} />
        ))}
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total ?? 0}
        onPage={setPage}
      />
      {editing && (
        <TemplateDialog template={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
};
