import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  Heading,
  IconButton,
  Portal,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { MessageSquarePlus, PanelLeft } from "lucide-react";
import { type CSSProperties, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { sessionsQueryOf, useCreateSessionMutation } from "../../api/conversations";
import type { ShareClient, SharedChatInfo } from "../../api/share";
import { notifyError } from "../../components/notify";
import { useColorMode } from "../../components/ui/color-mode";
import { SessionList } from "../conversation/session-list";
import { sharePalette } from "./design-palette";
import { DisclaimerDialog, useDisclaimer } from "./disclaimer-dialog";
import { AssistantAvatar } from "./message-bubbles";
import type { ShareParams } from "./share-params";
import { conversationName, SharedConversation } from "./shared-conversation";
import { tabMemory } from "./tab-memory";
import { useEscapeToHost } from "./use-escape-to-host";

type Props = { client: ShareClient; info: SharedChatInfo; params: ShareParams };

const designText = (info: SharedChatInfo, key: string) =>
  typeof info.design[key] === "string" ? (info.design[key] as string) : "";

// The shared assistant for one visitor: header, its conversations (a drawer on narrow screens) and the chat.
export const SharedChat = ({ client, info, params }: Props) => {
  const { t } = useTranslation();
  const { colorMode } = useColorMode();
  const palette = sharePalette(info.design, params.theme ?? colorMode);
  const asker = useMemo(() => ({ visitor: client }), [client]);
  const sessions = useQuery(sessionsQueryOf(asker));
  const create = useCreateSessionMutation(asker);
  const disclaimer = useDisclaimer(client.chatId, info.design.disclaimer_show === true);
  const lastSessionKey = `buddy-share-session:${client.chatId}`;
  // back in this tab (a reload, or the host site's next page): the conversation it had open, while it exists
  const [rememberedId] = useState(() => tabMemory.get(lastSessionKey) || null);
  const [chosenId, setChosenId] = useState<string | null>(rememberedId);
  const rememberedGone =
    chosenId === rememberedId &&
    sessions.data !== undefined &&
    !sessions.data.some((session) => session.id === rememberedId);
  const selectedId = rememberedGone ? null : chosenId;
  const [pending, setPending] = useState<{ sessionId: string; question: string } | null>(null);
  const [typedValues, setTypedValues] = useState<Record<string, string>>({});
  const [drawerOpen, setDrawerOpen] = useState(false);

  const select = (id: string | null) => {
    setChosenId(id);
    tabMemory.set(lastSessionKey, id ?? "");
    setDrawerOpen(false);
  };
  const startConversation = async (question: string) => {
    const created = await create.mutateAsync(conversationName(question)).catch(notifyError);
    if (!created) return;
    setPending({ sessionId: created.id, question });
    select(created.id);
  };
  const newChat = async () => {
    const created = await create.mutateAsync(t("share.sessions.newName")).catch(notifyError);
    if (created) select(created.id);
  };

  // the link's start question opens one new conversation per tab, once the notice is accepted
  // (deferred a tick: StrictMode replays effects, the timer of the first run is cleared)
  const askedStart = useRef(false);
  useEffect(() => {
    if (!params.question || !disclaimer.accepted) return;
    const timer = setTimeout(() => {
      const askedKey = `buddy-share-question:${client.chatId}:${params.question}`;
      if (askedStart.current || tabMemory.get(askedKey)) return;
      askedStart.current = true;
      tabMemory.set(askedKey, "1");
      void startConversation(params.question);
    }, 0);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    document.title = info.name;
  }, [info.name]);
  useEscapeToHost();

  const sessionList = <SessionList chatId={client.chatId} visitor={client} selectedId={selectedId} onSelect={select} />;
  return (
    <Flex
      direction="column"
      h="100dvh"
      bg={palette.page}
      color="fg"
      style={palette.cssVars as CSSProperties}
      data-testid="shared-chat"
    >
      <HStack as="header" gap="2" px="3" py="2" borderBottomWidth="1px" bg={palette.footer}>
        <IconButton
          hideFrom="md"
          size="sm"
          variant="ghost"
          aria-label={t("share.sessions.open")}
          onClick={() => setDrawerOpen(true)}
        >
          <PanelLeft />
        </IconButton>
        {params.visibleAvatar && <AssistantAvatar info={info} size="sm" />}
        <Stack gap="0" minW="0" flex="1">
          <Heading as="h1" size="sm" truncate>
            {info.name}
          </Heading>
          {info.description && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {info.description}
            </Text>
          )}
        </Stack>
        <Button
          size="sm"
          colorPalette="teal"
          aria-label={t("share.sessions.new")}
          loading={create.isPending}
          onClick={() => void newChat()}
        >
          <MessageSquarePlus />
          <Box as="span" hideBelow="sm">
            {t("share.sessions.new")}
          </Box>
        </Button>
      </HStack>
      <Flex flex="1" minH="0">
        <Box as="aside" hideBelow="md" w="64" flexShrink="0" borderEndWidth="1px" overflowY="auto">
          {sessionList}
        </Box>
        <SharedConversation
          key={selectedId ?? "new"}
          client={client}
          info={info}
          sessionId={selectedId}
          palette={palette}
          showAvatar={params.visibleAvatar}
          givenValues={params.variables}
          typedValues={typedValues}
          onTypedValue={(key, value) => setTypedValues((current) => ({ ...current, [key]: value }))}
          pendingQuestion={pending?.sessionId === selectedId ? pending.question : null}
          onPendingTaken={() => setPending(null)}
          onStart={(question) => void startConversation(question)}
          starting={create.isPending}
          footerText={designText(info, "footer_text")}
        />
      </Flex>
      <Drawer.Root
        open={drawerOpen}
        onOpenChange={(e) => setDrawerOpen(e.open)}
        placement="start"
        size="xs"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header py="2" px="3">
                <Drawer.Title fontSize="sm">{info.name}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body p="0">{sessionList}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t("common.close")} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      {!disclaimer.accepted && (
        <DisclaimerDialog
          title={designText(info, "disclaimer_title")}
          text={designText(info, "disclaimer_text")}
          onAccept={disclaimer.accept}
        />
      )}
    </Flex>
  );
};
