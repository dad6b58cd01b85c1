import { Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const SCROLL_PIN_PX = 80;

type Props = {
  busy: boolean;
  empty: boolean;
  // changes with every new question (the turn's starting position): the log follows the conversation again
  followFrom: number;
  children: ReactNode;
};

// The scrolling message list of a conversation (the owner's chat and a shared chat), announced as a live log.
// It follows the conversation as it grows unless the reader scrolled up.
export const MessageLog = ({ busy, empty, followFrom, children }: Props) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const followed = useRef(followFrom);
  useEffect(() => {
    if (followed.current !== followFrom) {
      followed.current = followFrom;
      pinned.current = true;
    }
    if (ref.current && pinned.current) ref.current.scrollTop = ref.current.scrollHeight;
  });
  const onScroll = () => {
    const el = ref.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_PIN_PX;
  };
  return (
    <Stack
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label={t("chat.conversation.messages")}
      aria-busy={busy}
      flex="1"
      minH="0"
      overflowY="auto"
      gap="4"
      px={{ base: "3", md: "6" }}
      py="4"
      onScroll={onScroll}
    >
      {empty && (
        <Text color="fg.muted" fontSize="sm" textAlign="center" py="8">
          {t("chat.conversation.empty")}
        </Text>
      )}
      {children}
    </Stack>
  );
};
