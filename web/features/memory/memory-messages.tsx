import { Badge, Box, Button, EmptyState, HStack, IconButton, Skeleton, Stack, Switch, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Eraser, MessageSquareText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ListedMessage,
  type MessageView,
  memoryMessagesQueryOptions,
  messageContent,
  messageSearchQueryOptions,
  useForgetMessageMutation,
  useMessageStatusMutation,
} from "../../api/memories";
import { notifyError } from "../../components/notify";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";

const PAGE_SIZE = 20;

const Empty = ({ text }: { text: string }) => (
  <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
    <EmptyState.Content>
      <EmptyState.Indicator color="brand.fg">
        <MessageSquareText />
      </EmptyState.Indicator>
      <EmptyState.Description>{text}</EmptyState.Description>
    </EmptyState.Content>
  </EmptyState.Root>
);

// One stored turn: its ids, state and (shown, or fetched on request) content, with enable and forget.
const MessageCard = ({
  message,
  content,
  similarity,
}: {
  message: MessageView;
  content?: string;
  similarity?: number;
}) => {
  const { t } = useTranslation();
  const forget = useForgetMessageMutation();
  const status = useMessageStatusMutation();
  const [shown, setShown] = useState(content);
  const ref = { memoryId: message.memory_id, messageId: message.message_id };
  return (
    <Box
      data-testid="memory-message"
      borderWidth="1px"
      rounded="md"
      p="3"
      bg="bg.panel"
      opacity={message.forget_at ? 0.6 : 1}
    >
      <HStack justify="space-between" gap="3" wrap="wrap">
        <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
          <Text>#{message.message_id}</Text>
          <Text>{message.valid_at}</Text>
          <Text>
            {t("memory.agent")}: {(message as ListedMessage).agent_name ?? message.agent_id}
          </Text>
          <Text>
            {t("memory.session")}: {message.session_id}
          </Text>
          {similarity !== undefined && (
            <Badge size="sm" colorPalette="teal">
              {t("memory.match", { percent: Math.round(similarity * 100) })}
            </Badge>
          )}
          {message.forget_at && <Badge size="sm">{t("memory.forgotten", { date: message.forget_at })}</Badge>}
          {!message.status && (
            <Badge size="sm" colorPalette="orange">
              {t("memory.disabled")}
            </Badge>
          )}
        </HStack>
        <HStack gap="2">
          <Switch.Root
            size="sm"
            checked={message.status}
            disabled={status.isPending}
            onCheckedChange={(e) => status.mutateAsync({ ...ref, status: e.checked }).catch(notifyError)}
          >
            <Switch.HiddenInput aria-label={t("memory.enableOf", { id: message.message_id })} />
            <Switch.Control />
            <Switch.Label fontSize="xs">{t("memory.enabled")}</Switch.Label>
          </Switch.Root>
          <IconButton
            variant="ghost"
            size="xs"
            aria-label={t("memory.forgetOf", { id: message.message_id })}
            title={t("memory.forget")}
            disabled={!!message.forget_at || forget.isPending}
            onClick={() => forget.mutateAsync(ref).catch(notifyError)}
          >
            <Eraser />
          </IconButton>
        </HStack>
      </HStack>
      {shown !== undefined ? (
        <Text mt="2" whiteSpace="pre-wrap" fontSize="sm">
          {shown}
        </Text>
      ) : (
        <Button
          mt="2"
          size="xs"
          variant="outline"
          onClick={() =>
            messageContent(ref.memoryId, ref.messageId).then((full) => setShown(full.content ?? ""), notifyError)
          }
        >
          {t("memory.showContent")}
        </Button>
      )}
    </Box>
  );
};

// A memory's stored turns, newest first; a search shows the best matches of the question's words instead.
export const MemoryMessages = ({ memoryId, name, onBack }: { memoryId: string; name: string; onBack: () => void }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [question, setQuestion] = useState("");
  const list = useQuery(memoryMessagesQueryOptions(memoryId, page, PAGE_SIZE));
  const search = useQuery(messageSearchQueryOptions(memoryId, question));
  const searching = question.trim() !== "";
  const active = searching ? search : list;

  return (
    <Stack gap="4">
      <HStack gap="3">
        <IconButton variant="ghost" size="sm" aria-label={t("memory.back")} onClick={onBack}>
          <ArrowLeft />
        </IconButton>
        <Stack gap="0">
          <Text fontSize="xl" fontWeight="semibold">
            {name || t("memory.title")}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t("memory.messages")}
            {list.data ? ` · ${list.data.messages.total_count}` : ""}
          </Text>
        </Stack>
      </HStack>
      <SearchInput label={t("memory.searchMessages")} value={question} onChange={setQuestion} />
      {active.isError ? (
        <RouteErrorMessage error={active.error} onRetry={() => void active.refetch()} />
      ) : active.isPending ? (
        <Skeleton h="32" rounded="lg" />
      ) : searching ? (
        search.data?.length ? (
          <Stack gap="2" data-testid="memory-search-results">
            {search.data.map((hit) => (
              <MessageCard key={hit.message_id} message={hit} content={hit.content} similarity={hit.similarity} />
            ))}
          </Stack>
        ) : (
          <Empty text={t("memory.searchEmpty", { query: question })} />
        )
      ) : list.data?.messages.message_list.length ? (
        <Stack gap="2">
          {list.data.messages.message_list.map((message) => (
            <MessageCard key={message.message_id} message={message} />
          ))}
          <HStack justify="flex-end">
            <Pager page={page} pageSize={PAGE_SIZE} total={list.data.messages.total_count} onChange={setPage} />
          </HStack>
        </Stack>
      ) : (
        <Empty text={t("memory.messagesEmpty")} />
      )}
    </Stack>
  );
};
