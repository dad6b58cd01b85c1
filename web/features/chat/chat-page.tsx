import { Box, Button, EmptyState, Flex, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { BarChart3, Braces, ClipboardCheck, Download, MessagesSquare, Settings2, Share2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Chat, chatQueryOptions } from "../../api/chats";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import { AssistantList, ChatConfigDialog } from "../assistants";
import { SessionList } from "../conversation/session-list";
import { ConversationPane, ExportDialog, StatsDialog } from "./conversation";
import { ApiPanel, ShareDialog } from "../share-links";

type ChatSelection = { dialogId?: string; conversationId?: string };

type Open = "config" | "stats" | "export" | "share" | "api" | null;

const AssistantHeader = ({ chat, onOpen }: { chat: Chat; onOpen(dialog: Open): void }) => {
  const { t } = useTranslation();
  return (
    <HStack justify="space-between" wrap="wrap" gap="2" px="4" py="3" borderBottomWidth="1px">
      <Stack gap="0" minW="0" flex="1 1 12rem">
        <Heading as="h2" size="md" truncate>
          {chat.name}
        </Heading>
        <Text fontSize="xs" color="fg.muted" truncate>
          {chat.kb_names.length ? chat.kb_names.join(", ") : t("chat.page.noKnowledge")}
        </Text>
      </Stack>
      {/* the actions wrap onto a second line rather than run past the pane's edge */}
      <HStack gap="1" wrap="wrap" justify="flex-end" data-testid="assistant-actions">
        <Button size="sm" variant="ghost" onClick={() => onOpen("stats")}>
          <BarChart3 /> {t("chat.page.stats")}
        </Button>
        <Button size="sm" variant="ghost" asChild>
          <Link to="/evaluation/$dialogId" params={{ dialogId: chat.id }}>
            <ClipboardCheck /> {t("chat.page.evaluate")}
          </Link>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onOpen("export")}>
          <Download /> {t("chat.page.export")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onOpen("api")}>
          <Braces /> {t("share.api.button")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onOpen("share")}>
          <Share2 /> {t("share.dialog.button")}
        </Button>
        <Button size="sm" variant="outline" colorPalette="teal" onClick={() => onOpen("config")}>
          <Settings2 /> {t("chat.page.configure")}
        </Button>
      </HStack>
    </HStack>
  );
};

const Placeholder = ({ title, hint }: { title: string; hint: string }) => (
  <EmptyState.Root flex="1">
    <EmptyState.Content>
      <EmptyState.Indicator color="brand.fg">
        <MessagesSquare />
      </EmptyState.Indicator>
      <EmptyState.Title>{title}</EmptyState.Title>
      <EmptyState.Description>{hint}</EmptyState.Description>
    </EmptyState.Content>
  </EmptyState.Root>
);

// /chat and /next-chat: assistants | conversations | messages. The selection lives in the URL
// (?dialogId=…&conversationId=…, as in RAGFlow) so a conversation can be linked and reloaded.
export const ChatPage = () => {
  const { t } = useTranslation();
  const { dialogId, conversationId } = useSearch({ strict: false }) as ChatSelection;
  const navigate = useNavigate();
  const onSelect = (selection: ChatSelection) => void navigate({ to: ".", search: selection, replace: true });
  const [open, setOpen] = useState<Open>(null);
  const chat = useQuery({ ...chatQueryOptions(dialogId ?? ""), enabled: Boolean(dialogId) });
  return (
    <Flex
      h={{ base: "auto", md: "calc(100dvh - 4rem)" }}
      direction={{ base: "column", md: "row" }}
      borderWidth="1px"
      rounded="lg"
      overflow="hidden"
      bg="app.surface"
    >
      <Box w={{ base: "full", md: "64" }} flexShrink="0" borderEndWidth={{ md: "1px" }} overflowY="auto">
        <AssistantList selectedId={dialogId ?? null} onSelect={(id) => onSelect({ dialogId: id ?? undefined })} />
      </Box>
      {dialogId && (
        <Box w={{ base: "full", md: "72" }} flexShrink="0" borderEndWidth={{ md: "1px" }} overflowY="auto">
          <SessionList
            chatId={dialogId}
            selectedId={conversationId ?? null}
            onSelect={(id) => onSelect({ dialogId, conversationId: id ?? undefined })}
          />
        </Box>
      )}
      <Flex direction="column" flex="1" minW="0" minH={{ base: "60vh", md: "0" }}>
        {!dialogId ? (
          <Placeholder title={t("chat.page.pickAssistant")} hint={t("chat.page.pickAssistantHint")} />
        ) : chat.isError ? (
          <RouteErrorMessage error={chat.error} onRetry={() => void chat.refetch()} />
        ) : !chat.data ? (
          <PageLoader />
        ) : (
          <>
            <AssistantHeader chat={chat.data} onOpen={setOpen} />
            {conversationId ? (
              <ConversationPane key={conversationId} chat={chat.data} sessionId={conversationId} />
            ) : (
              <Placeholder title={t("chat.page.pickConversation")} hint={t("chat.page.pickConversationHint")} />
            )}
            {open === "config" && (
              <ChatConfigDialog chat={chat.data} onClose={() => setOpen(null)} onSaved={() => setOpen(null)} />
            )}
            {open === "stats" && (
              <StatsDialog chatId={chat.data.id} chatName={chat.data.name} onClose={() => setOpen(null)} />
            )}
            {open === "export" && (
              <ExportDialog chatId={chat.data.id} chatName={chat.data.name} onClose={() => setOpen(null)} />
            )}
            {open === "share" && <ShareDialog chat={chat.data} onClose={() => setOpen(null)} />}
            {open === "api" && <ApiPanel chat={chat.data} onClose={() => setOpen(null)} />}
          </>
        )}
      </Flex>
    </Flex>
  );
};
