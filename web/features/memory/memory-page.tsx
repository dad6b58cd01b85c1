import {
  Badge,
  Button,
  EmptyState,
  Flex,
  HStack,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Brain, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type MemoryView, memoriesQueryOptions, useDeleteMemoryMutation } from "../../api/memories";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
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
      <Flex justify="space-between" gap="3" wrap="wrap">
        <SearchInput
          label={t("memory.search")}
          value={keywords}
          onChange={(text) => {
            setKeywords(text);
            setPage(1);
          }}
        />
        <Button colorPalette="teal" onClick={() => setEditing("new")}>
          <Plus /> {t("memory.create")}
        </Button>
      </Flex>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="32" rounded="lg" />
      ) : query.data.memory_list.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <Brain />
            </EmptyState.Indicator>
            <EmptyState.Description>
              {keywords ? t("memory.noMatch", { query: keywords }) : t("memory.empty")}
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="3">
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={t("memory.title")}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t("memory.name")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("memory.types")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("memory.permissions")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("memory.owner")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("memory.updated")}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Text srOnly>{t("common.actions")}</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.memory_list.map((memory) => (
                  <MemoryRow
                    key={memory.id}
                    memory={memory}
                    onOpen={() => onOpen(memory.id)}
                    onEdit={() => setEditing(memory)}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <HStack justify="flex-end">
            <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total_count} onChange={setPage} />
          </HStack>
        </Stack>
      )}
      {editing && <MemoryDialog memory={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
};
