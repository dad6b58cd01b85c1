import { Button, EmptyState, HStack, Heading, IconButton, Input, Menu, Skeleton, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Search, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type SearchApp,
  searchesQueryOptions,
  useCreateSearchMutation,
  useDeleteSearchMutation,
  useUpdateSearchMutation,
} from "../../api/searches";
import { SEARCH_NAME_MAX } from "../../../worker/contract/searches";
import { ActionsMenu, DangerItem } from "../../components/actions-menu";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { SideListItem } from "../../components/side-list-item";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { RenameDialog } from "../../components/rename-dialog";
import { RouteErrorMessage } from "../../components/route-error";

type Action = "rename" | "delete";

const SearchAppItem = ({
  app,
  selected,
  onSelect,
  onAction,
}: {
  app: SearchApp;
  selected: boolean;
  onSelect: () => void;
  onAction: (action: Action) => void;
}) => {
  const { t } = useTranslation();
  return (
    <SideListItem
      name={app.name}
      avatar={app.avatar}
      detail={t("search.list.knowledgeCount", { count: app.search_config.kb_ids.length })}
      selected={selected}
      onSelect={onSelect}
      testId="search-app-item"
      menu={
        <ActionsMenu<Action>
          label={t("search.list.actionsFor", { name: app.name })}
          trigger={{ size: "xs" }}
          onAction={onAction}
        >
          <Menu.Item value="rename">
            <Pencil size={14} /> {t("search.list.rename")}
          </Menu.Item>
          <DangerItem value="delete">
            <Trash2 size={14} /> {t("search.list.delete")}
          </DangerItem>
        </ActionsMenu>
      }
    />
  );
};

const CreateSearchDialog = ({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) => {
  const { t } = useTranslation();
  const create = useCreateSearchMutation();
  const [name, setName] = useState("");
  const [missing, setMissing] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!name.trim());
    if (!name.trim()) return;
    try {
      const { search_id } = await create.mutateAsync({ name: name.trim() });
      notifySuccess(t("common.toast.created"));
      onClose();
      onCreated(search_id);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <FormDialog
      title={t("search.list.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending}
      submitLabel={t("common.create")}
    >
      <FormField label={t("search.list.name")} error={missing ? "validation.required" : undefined} required>
        <Input
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("search.list.namePlaceholder")}
          maxLength={SEARCH_NAME_MAX}
          autoFocus
        />
      </FormField>
    </FormDialog>
  );
};

type Props = { selectedId: string | null; onSelect: (id: string | null) => void };

// The left column: the team's search apps with create, rename and delete.
export const SearchAppList = ({ selectedId, onSelect }: Props) => {
  const { t } = useTranslation();
  const query = useQuery(searchesQueryOptions());
  const update = useUpdateSearchMutation();
  const remove = useDeleteSearchMutation();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<SearchApp | null>(null);
  const [deleting, setDeleting] = useState<SearchApp | null>(null);

  const confirmDelete = async (app: SearchApp) => {
    try {
      await remove.mutateAsync(app.id);
    } catch (error) {
      notifyError(error);
      return;
    }
    notifySuccess(t("common.toast.deleted"));
    setDeleting(null);
    if (app.id === selectedId) onSelect(null);
  };
  const rename = (app: SearchApp, name: string) => update.mutateAsync({ id: app.id, name, search_config: {} });

  const createButton = (
    <Button size="sm" colorPalette="teal" onClick={() => setCreating(true)}>
      <Plus /> {t("search.list.create")}
    </Button>
  );
  return (
    <Stack gap="3" p="3">
      <HStack justify="space-between">
        <Heading as="h2" size="sm">
          {t("search.list.title")}
        </Heading>
        <IconButton
          size="xs"
          variant="outline"
          colorPalette="teal"
          aria-label={t("search.list.create")}
          title={t("search.list.create")}
          onClick={() => setCreating(true)}
        >
          <Plus />
        </IconButton>
      </HStack>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="2" aria-busy="true" data-testid="search-apps-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h="12" rounded="md" />
          ))}
        </Stack>
      ) : query.data.length === 0 ? (
        <EmptyState.Root size="sm" data-testid="search-apps-empty">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <Search />
            </EmptyState.Indicator>
            <EmptyState.Title fontSize="md">{t("search.list.empty")}</EmptyState.Title>
            <EmptyState.Description>{t("search.list.emptyHint")}</EmptyState.Description>
            {createButton}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={t("search.list.title")}>
          {query.data.map((app) => (
            <SearchAppItem
              key={app.id}
              app={app}
              selected={app.id === selectedId}
              onSelect={() => onSelect(app.id)}
              onAction={(action) => (action === "rename" ? setRenaming(app) : setDeleting(app))}
            />
          ))}
        </Stack>
      )}
      {creating && (
        <CreateSearchDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            onSelect(id);
          }}
        />
      )}
      {renaming && (
        <RenameDialog
          title={t("search.list.renameTitle")}
          label={t("search.list.name")}
          name={renaming.name}
          keepExtension={false}
          maxLength={SEARCH_NAME_MAX}
          loading={update.isPending}
          onSave={(name) => rename(renaming, name)}
          onClose={() => setRenaming(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={t("search.list.deleteTitle")}
          body={t("search.list.deleteBody", { name: deleting.name })}
          loading={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </Stack>
  );
};
