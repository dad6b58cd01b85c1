import { Badge, HStack, IconButton, Link, Stack, Table } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Brain, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type MemoryView, memoriesQueryOptions, useDeleteMemoryMutation } from "../../api/memories";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { SearchableList } from "../../components/searchable-list";
import { formatDateTime } from "../../lib/format";
import { SectionHeader } from "../settings/section-header";
import { MemoryDialog } from "./memory-dialog";
import { MemoryMessages } from "./memory-messages";

const PAGE_SIZE = 20;

const MemoryRow = ({ memory, onOpen, onEdit }: { memory: MemoryView; onOpen: () => void; onEdit: () => void }) => {
  const { t } = useTranslation();
  const remove = useDeleteMemoryMutation();
  return (
    <Table.Row data-testid="memory-row">
      <Table.Cell fontWeight="medium">
        <Link as="button" onClick={onOpen} aria-label={t("memory.open", { name: memory.name })} color="brand.fg">
          {memory.name}
        </Link>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="1" wrap="wrap">
          {memory.memory_type.map((type) => (
            <Badge key={type} size="sm" variant="subtle">
              {t(`memory.type.${type}`)}
            </Badge>
          ))}
        </HStack>
      </Table.Cell>
      <Table.Cell color="fg.muted">
        {t(`memory.permission.${memory.permissions === "team" ? "team" : "me"}`)}
      </Table.Cell>
      <Table.Cell color="fg.muted">{memory.owner_name}</Table.Cell>
      <Table.Cell whiteSpace="nowrap" color="fg.muted">
        {formatDateTime(memory.update_time)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        <IconButton variant="ghost" size="sm" aria-label={t("memory.editOf", { name: memory.name })} onClick={onEdit}>
          <Pencil />
        </IconButton>
        <ConfirmDialog
          title={t("memory.deleteTitle")}
          body={t("memory.deleteBody", { name: memory.name })}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutateAsync(memory.id).then(() => notifySuccess(t("common.toast.deleted")), notifyError)
          }
          trigger={
            <IconButton variant="ghost" size="sm" aria-label={t("memory.deleteOf", { name: memory.name })}>
              <Trash2 />
            </IconButton>
          }
        />
      </Table.Cell>
    </Table.Row>
  );
};

type Props = { openId?: string; onOpen: (id: string | undefined) => void };

// /memory: the memories the member sees (own and the team's), with create, edit, delete and each one's turns.
export const MemoryPage = ({ openId, onOpen }: Props) => {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<MemoryView | "new" | null>(null);
  const query = useQuery(memoriesQueryOptions({ page, pageSize: PAGE_SIZE, keywords }));
  const opened = query.data?.memory_list.find((memory) => memory.id === openId);

  if (openId)
    return (
      <Stack gap="5" p={{ base: "4", md: "8" }} maxW="6xl" mx="auto" w="full">
        <MemoryMessages memoryId={openId} name={opened?.name ?? ""} onBack={() => onOpen(undefined)} />
      </Stack>
    );

  return (
    <Stack gap="5" p={{ base: "4", md: "8" }} maxW="6xl" mx="auto" w="full">
      <SectionHeader title={t("memory.title")} description={t("memory.description")} />
      <SearchableList
        title={t("memory.title")}
        searchLabel={t("memory.search")}
        createLabel={t("memory.create")}
        onCreate={() => setEditing("new")}
        keywords={keywords}
        onSearch={(text) => {
          setKeywords(text);
          setPage(1);
        }}
        query={query}
        count={query.data?.memory_list.length}
        emptyIcon={<Brain />}
        emptyText={t("memory.empty")}
        noMatchText={t("memory.noMatch", { query: keywords })}
        columns={[t("memory.name"), t("memory.types"), t("memory.permissions"), t("memory.owner"), t("memory.updated")]}
        rows={query.data?.memory_list.map((memory) => (
          <MemoryRow
            key={memory.id}
            memory={memory}
            onOpen={() => onOpen(memory.id)}
            onEdit={() => setEditing(memory)}
          />
        ))}
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total_count ?? 0}
        onPage={setPage}
      />
      {editing && <MemoryDialog memory={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
};
