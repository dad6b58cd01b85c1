import { Alert, Flex, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../worker/contract/chats";
import { conversationNameOf } from "../../../worker/contract/conversation-name";
import {
  type ShareClient,
  type SharedChatInfo,
  renameSharedSession,
  sharedKeys,
  sharedSessionQueryOptions,
  streamSharedCompletion,
} from "../../api/share";
import { errorMessage } from "../../components/notify";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import i18n from "../../i18n";
import { AnswerMarkdown } from "../conversation/answer-markdown";
import { AnswerNotice } from "../conversation/answer-notice";
import { Composer, VariableFields } from "../conversation/composer";
import { TypingDots } from "../conversation/typing-dots";
import { MessageActions, RelatedQuestions } from "../conversation/message-actions";
import {
  type ChatTransport,
  questionStored,
  type Turn,
  turnView,
  useChatStream,
} from "../conversation/use-chat-stream";
import { MessageLog } from "../conversation/message-log";
import type { SharePalette } from "./design-palette";
import { AssistantBubble, UserBubble } from "./message-bubbles";
import { shareProblemOf } from "./share-problem";

export const conversationName = conversationNameOf;

// Conversations started with "New chat" carry a default name until their first question names them.
const isDefaultName = (name: string) =>
  [i18n.getFixedT("de")("share.sessions.newName"), i18n.getFixedT("en")("share.sessions.newName"), "New chat"].includes(
    name,
  );

type Props = {
  client: ShareClient;
  info: SharedChatInfo;
  // null: a new conversation whose first question creates the session (onStart)
  sessionId: string | null;
  palette: SharePalette;
  showAvatar: boolean;
  // prompt-variable values: given by the link (data_…) and typed by the visitor
  givenValues: Record<string, string>;
  typedValues: Record<string, string>;
  onTypedValue(key: string, value: string): void;
  // asked once as soon as this conversation's session is loaded
  pendingQuestion: string | null;
  onPendingTaken(): void;
  onStart(question: string): void;
  starting: boolean;
  footerText: string;
};

export const SharedConversation = (props: Props) => {
  const {
    client,
    info,
    sessionId,
    palette,
    showAvatar,
    givenValues,
    typedValues,
    onTypedValue,
    pendingQuestion,
    onPendingTaken,
    onStart,
    starting,
    footerText,
  } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useQuery({ ...sharedSessionQueryOptions(client, sessionId ?? ""), enabled: sessionId !== null });
  const [text, setText] = useState("");
  const [missing, setMissing] = useState<string[]>([]);
  const askable = info.variables.filter((variable) => givenValues[variable.key] === undefined);

  const transport = useMemo<ChatTransport>(
    () => ({
      complete: (params, onFrame, signal) => streamSharedCompletion(client, params, onFrame, signal),
      sessionKey: sharedKeys.session(client, sessionId ?? ""),
      sessionsKey: sharedKeys.sessions(client),
    }),
    [client, sessionId],
  );
  const onSettled = (turn: Turn, fresh: { name: string; messages: ChatMessage[] } | undefined) => {
    if (turn.status === "failed" && turn.mode === "ask" && !questionStored(turn, fresh?.messages ?? []))
      setText((current) => current || turn.question);
    const firstQuestion = fresh?.messages.filter((message) => message.role === "user").length === 1;
    if (sessionId && turn.status === "done" && fresh && firstQuestion && isDefaultName(fresh.name)) {
      void renameSharedSession(client, sessionId, conversationName(turn.question)).then(
        () => queryClient.invalidateQueries({ queryKey: sharedKeys.sessions(client) }),
        () => undefined,
      );
    }
  };
  const stream = useChatStream({ chatId: client.chatId, sessionId: sessionId ?? "", onSettled, transport });
  const asker = useMemo(() => ({ visitor: client }), [client]);
  const { turn } = stream;

  const opener: ChatMessage[] = info.prologue
    ? [{ id: "opener", role: "assistant", content: info.prologue, created_at: 0 }]
    : [];
  const stored = sessionId === null ? opener : (session.data?.messages ?? []);

  const values = () => ({
    ...givenValues,
    ...Object.fromEntries(
      Object.entries(typedValues)
        .map(([key, value]) => [key, value.trim()])
        .filter(([, value]) => value),
    ),
  });
  const variablesReady = () => {
    const merged = values();
    const lacking = info.variables
      .filter((variable) => !variable.optional && !merged[variable.key])
      .map((variable) => variable.key);
    setMissing(lacking);
    return lacking.length === 0;
  };
  const ask = (question: string) => {
    const trimmed = question.trim();
    if (!trimmed || stream.busy || starting || !variablesReady()) return false;
    if (sessionId === null) onStart(trimmed);
    else stream.ask(trimmed, stored.length, values());
    return true;
  };

  const setVariable = (key: string, value: string) => {
    onTypedValue(key, value);
    if (value.trim()) setMissing((current) => current.filter((name) => name !== key));
  };

  // the start question (or the one that created this conversation) is asked once, after StrictMode's effect replay
  const pendingTaken = useRef(false);
  useEffect(() => {
    if (!pendingQuestion || pendingTaken.current || !session.data) return;
    const timer = setTimeout(() => {
      pendingTaken.current = true;
      onPendingTaken();
      if (!ask(pendingQuestion)) setText(pendingQuestion);
    }, 0);
    return () => clearTimeout(timer);
  });

  if (sessionId !== null && session.isError)
    return <RouteErrorMessage error={session.error} onRetry={() => void session.refetch()} />;
  if (sessionId !== null && !session.data) return <PageLoader />;

  const { shown, showQuestion, showAnswer, related, firstUser } = turnView(turn, stored);
  const failure = turn?.status === "failed" ? turn.error : null;
  const problem = failure ? shareProblemOf(failure) : null;

  return (
    <Flex direction="column" flex="1" minH="0" minW="0">
      <MessageLog busy={stream.streaming} followFrom={turn?.keep ?? -1} empty={shown.length === 0 && !showQuestion}>
        {shown.map((message, index) =>
          message.role === "user" ? (
            <UserBubble key={`user:${message.id}`} content={message.content} palette={palette} />
          ) : (
            <AssistantBubble
              key={`assistant:${message.id}`}
              info={info}
              palette={palette}
              showAvatar={showAvatar}
              content={
                <>
                  <AnswerMarkdown
                    content={message.content}
                    reference={message.reference}
                    documentLinks={false}
                    showImages={info.show_images}
                  />
                  <AnswerNotice notice={message.notice} settingsLink={false} />
                </>
              }
              reference={message.reference}
              footer={
                sessionId !== null && (
                  <MessageActions
                    asker={asker}
                    sessionId={sessionId}
                    message={message}
                    answered={firstUser >= 0 && index > firstUser}
                    disabled={stream.busy}
                    tts={info.tts}
                  />
                )
              }
            />
          ),
        )}
        {showQuestion && turn && <UserBubble content={turn.question} palette={palette} />}
        {showAnswer && turn && (
          <AssistantBubble
            info={info}
            palette={palette}
            showAvatar={showAvatar}
            content={
              stream.streaming && turn.answer === "" ? (
                <TypingDots />
              ) : (
                <>
                  <AnswerMarkdown
                    content={turn.answer}
                    reference={turn.reference}
                    documentLinks={false}
                    showImages={info.show_images}
                  />
                  <AnswerNotice notice={turn.notice} settingsLink={false} />
                </>
              )
            }
            reference={turn.reference}
            footer={
              turn.status === "stopped" && (
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {t("chat.conversation.stopped")}
                </Text>
              )
            }
          />
        )}
        <RelatedQuestions questions={related} disabled={stream.busy} onAsk={(question) => void ask(question)} />
        {failure !== null && (
          <Alert.Root status={problem === "limit" ? "warning" : "error"} role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {problem === "other" ? t("chat.conversation.failed") : t(`share.problem.${problem ?? "other"}.title`)}
              </Alert.Title>
              <Alert.Description>{errorMessage(failure)}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </MessageLog>
      <Stack gap="2" px={{ base: "3", md: "6" }} pb="2" pt="2" borderTopWidth="1px" bg={palette.footer}>
        <VariableFields variables={askable} values={typedValues} missing={missing} onChange={setVariable} />
        <Composer
          value={text}
          onChange={setText}
          onSend={() => {
            if (ask(text)) setText("");
          }}
          onStop={stream.stop}
          streaming={stream.streaming}
          busy={stream.busy || starting}
          stt={info.stt}
          placeholder={typeof info.design.input_placeholder === "string" ? info.design.input_placeholder : undefined}
          browserSpeechOnly
        />
        {footerText && (
          <Text fontSize="xs" color="fg.muted" textAlign="center" whiteSpace="pre-wrap" data-testid="footer-text">
            {footerText}
          </Text>
        )}
      </Stack>
    </Flex>
  );
};
