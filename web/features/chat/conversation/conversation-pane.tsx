import { Alert, Box, Button, Flex, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { KNOWLEDGE_KEY, type Reference } from "../../../../worker/contract/chats";
import { conversationNameOf } from "../../../../worker/contract/conversation-name";
import { type Chat, type Session, sessionQueryOptions } from "../../../api/chats";
import { useRenameSessionMutation } from "../../../api/conversations";
import { errorMessage } from "../../../components/notify";
import { PageLoader } from "../../../components/page-loader";
import { RouteErrorMessage } from "../../../components/route-error";
import i18n from "../../../i18n";
import { AnswerMarkdown } from "../../conversation/answer-markdown";
import { AnswerNotice } from "../../conversation/answer-notice";
import { AnswerTools } from "./answer-tools";
import { TypingDots } from "../../conversation/typing-dots";
import { Composer, VariableFields } from "../../conversation/composer";
import { MessageActions, RelatedQuestions } from "../../conversation/message-actions";
import { SourcesPanel } from "../../conversation/sources-panel";
import { questionStored, type Turn, turnView, useChatStream } from "../../conversation/use-chat-stream";
import { MessageLog } from "../../conversation/message-log";

type Props = { chat: Chat; sessionId: string; onSessionRenamed?(): void };

// Sessions still carrying a default name are named after their first question, as RAGFlow does.
const isDefaultName = (name: string) =>
  [
    i18n.getFixedT("de")("chat.sessions.newName"),
    i18n.getFixedT("en")("chat.sessions.newName"),
    "New session",
  ].includes(name);

const UserMessage = ({ content }: { content: string }) => {
  const { t } = useTranslation();
  return (
    <Flex as="article" justify="flex-end" aria-label={t("chat.conversation.you")} data-role="user">
      <Box
        maxW={{ base: "95%", md: "80%" }}
        px="4"
        py="2.5"
        rounded="2xl"
        roundedBottomRight="sm"
        bg="brand.muted"
        color="fg"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
      >
        {content}
      </Box>
    </Flex>
  );
};

type AssistantProps = { name: string; content: ReactNode; reference?: Reference | null; footer?: ReactNode };

const AssistantMessage = ({ name, content, reference, footer }: AssistantProps) => (
  <Stack as="article" align="start" gap="0" maxW={{ base: "95%", md: "80%" }} aria-label={name} data-role="assistant">
    <Box
      px="4"
      py="2.5"
      rounded="2xl"
      roundedBottomLeft="sm"
      bg={{ base: "bg.muted", _dark: "bg.emphasized" }}
      color="fg"
      maxW="full"
    >
      {content}
    </Box>
    <SourcesPanel reference={reference} />
    {footer}
  </Stack>
);

// The messages of one conversation and the composer; the answer streams in live.
export const ConversationPane = ({ chat, sessionId, onSessionRenamed }: Props) => {
  const { t } = useTranslation();
  const session = useQuery(sessionQueryOptions(chat.id, sessionId));
  const asker = useMemo(() => ({ chatId: chat.id }), [chat.id]);
  const rename = useRenameSessionMutation(asker);
  const variables = chat.prompt_config.parameters.filter((variable) => variable.key !== KNOWLEDGE_KEY);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [text, setText] = useState("");

  const onSettled = (turn: Turn, fresh: Session | undefined) => {
    // a question the server never stored goes back into the box
    if (turn.status === "failed" && turn.mode === "ask" && !questionStored(turn, fresh?.messages ?? []))
      setText((current) => current || turn.question);
    const firstQuestion = fresh?.messages.filter((message) => message.role === "user").length === 1;
    if (turn.mode === "ask" && turn.status === "done" && fresh && firstQuestion && isDefaultName(fresh.name)) {
      rename.mutate(
        { id: sessionId, name: conversationNameOf(turn.question) },
        { onSuccess: () => onSessionRenamed?.() },
      );
    }
  };
  const stream = useChatStream({ chatId: chat.id, sessionId, onSettled });
  const { turn } = stream;

  const stored = session.data?.messages ?? [];

  if (session.isError) return <RouteErrorMessage error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) return <PageLoader />;

  const { shown, showQuestion, showAnswer, related, firstUser } = turnView(turn, stored);
  const lastUser = stored.findLastIndex((message) => message.role === "user");

  const variableValues = () =>
    Object.fromEntries(
      variables.map((variable) => [variable.key, values[variable.key]?.trim() ?? ""]).filter(([, value]) => value),
    );
  const variablesReady = () => {
    const lacking = variables
      .filter((variable) => !variable.optional && !values[variable.key]?.trim())
      .map((variable) => variable.key);
    setMissing(lacking);
    return lacking.length === 0;
  };
  const ask = (question: string) => {
    const trimmed = question.trim();
    if (!trimmed || stream.busy || !variablesReady()) return false;
    stream.ask(trimmed, stored.length, variableValues());
    return true;
  };
  const regenerate = () => {
    if (lastUser < 0 || stream.busy || !variablesReady()) return;
    stream.regenerate(stored.slice(0, lastUser + 1), variableValues());
  };
  const setVariable = (key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (value.trim()) setMissing((current) => current.filter((name) => name !== key));
  };

  return (
    <Flex direction="column" flex="1" minH="0">
      <MessageLog busy={stream.streaming} followFrom={turn?.keep ?? -1} empty={shown.length === 0 && !showQuestion}>
        {shown.map((message, index) =>
          message.role === "user" ? (
            <UserMessage key={`user:${message.id}`} content={message.content} />
          ) : (
            <AssistantMessage
              key={`assistant:${message.id}`}
              name={chat.name}
              content={
                <>
                  <AnswerMarkdown
                    content={message.content}
                    reference={message.reference}
                    showImages={chat.prompt_config.show_images}
                  />
                  <AnswerNotice notice={message.notice} />
                </>
              }
              reference={message.reference}
              footer={
                <MessageActions
                  asker={asker}
                  sessionId={sessionId}
                  message={message}
                  answered={firstUser >= 0 && index > firstUser}
                  tts={chat.prompt_config.tts}
                  showPrompt={chat.prompt_config.prompt_icon}
                  disabled={stream.busy}
                  tools={
                    <AnswerTools
                      chatId={chat.id}
                      sessionId={sessionId}
                      messageId={message.id}
                      disabled={stream.busy}
                      onRegenerate={
                        index === shown.length - 1 && !showAnswer && lastUser >= 0 && index > lastUser
                          ? regenerate
                          : undefined
                      }
                    />
                  }
                />
              }
            />
          ),
        )}
        {showQuestion && turn && <UserMessage content={turn.question} />}
        {showAnswer && turn && (
          <AssistantMessage
            name={chat.name}
            content={
              stream.streaming && turn.answer === "" ? (
                <TypingDots />
              ) : (
                <>
                  <AnswerMarkdown
                    content={turn.answer}
                    reference={turn.reference}
                    showImages={chat.prompt_config.show_images}
                  />
                  <AnswerNotice notice={turn.notice} />
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
        {turn?.status === "failed" && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t("chat.conversation.failed")}</Alert.Title>
              <Alert.Description>{errorMessage(turn.error)}</Alert.Description>
            </Alert.Content>
            {stored.at(-1)?.role === "user" && (
              <Button size="sm" variant="outline" onClick={regenerate}>
                {t("common.retry")}
              </Button>
            )}
          </Alert.Root>
        )}
      </MessageLog>
      <Stack gap="2" px={{ base: "3", md: "6" }} pb="3" pt="2" borderTopWidth="1px">
        <VariableFields variables={variables} values={values} missing={missing} onChange={setVariable} />
        <Composer
          value={text}
          onChange={setText}
          onSend={() => {
            if (ask(text)) setText("");
          }}
          onStop={stream.stop}
          streaming={stream.streaming}
          busy={stream.busy}
          stt={chat.prompt_config.stt}
          placeholder={chat.design?.input_placeholder}
        />
      </Stack>
    </Flex>
  );
};
