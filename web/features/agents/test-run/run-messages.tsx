import { Box, Flex, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { AnswerMarkdown } from "../../conversation/answer-markdown";
import { TypingDots } from "../../conversation/typing-dots";
import { MessageLog } from "../../conversation/message-log";
import { runErrorText } from "../model/run-error";
import type { RunMessage } from "./run-state";

type Props = { messages: RunMessage[]; busy: boolean; agentName: string };

// The test conversation, drawn like the chat page's (without sources and feedback).
export const RunMessages = ({ messages, busy, agentName }: Props) => {
  const { t } = useTranslation();
  const last = messages.at(-1);
  return (
    <MessageLog busy={busy} empty={messages.length === 0} followFrom={messages.length}>
      {messages.map((message) =>
        message.role === "user" ? (
          <Flex
            key={message.id}
            as="article"
            justify="flex-end"
            aria-label={t("chat.conversation.you")}
            data-role="user"
          >
            <Box
              maxW="90%"
              px="3"
              py="2"
              rounded="2xl"
              roundedBottomRight="sm"
              bg="brand.muted"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
              fontSize="sm"
            >
              {message.content}
            </Box>
          </Flex>
        ) : (
          <Stack
            key={message.id}
            as="article"
            align="start"
            gap="1"
            maxW="90%"
            aria-label={agentName}
            data-role="assistant"
          >
            {/* a run that failed before saying anything shows only why */}
            {(message.content !== "" || !message.error) && (
              <Box
                px="3"
                py="2"
                rounded="2xl"
                roundedBottomLeft="sm"
                bg={{ base: "bg.muted", _dark: "bg.emphasized" }}
                fontSize="sm"
                maxW="full"
              >
                {busy && message === last && message.content === "" ? (
                  <TypingDots />
                ) : (
                  <AnswerMarkdown content={message.content} reference={message.reference} documentLinks={false} />
                )}
              </Box>
            )}
            {message.error && (
              <Text
                fontSize="sm"
                color="fg.error"
                role="alert"
                borderWidth="1px"
                borderColor="border.error"
                bg="bg.error"
                rounded="md"
                px="3"
                py="2"
                data-testid="run-error"
              >
                {runErrorText(t, message.error)}
              </Text>
            )}
            {message.stopped && (
              <Text fontSize="xs" color="fg.muted">
                {t("chat.conversation.stopped")}
              </Text>
            )}
          </Stack>
        ),
      )}
    </MessageLog>
  );
};
