import { Avatar, Box, Flex, HStack, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Reference } from "../../../worker/contract/chats";
import type { SharedChatInfo } from "../../api/share";
import { SourcesPanel } from "../conversation/sources-panel";
import type { SharePalette } from "./design-palette";
import { imageSrc } from "../../lib/image-src";

export const AssistantAvatar = ({ info, size }: { info: Pick<SharedChatInfo, "name" | "icon">; size: "xs" | "sm" }) => (
  <Avatar.Root size={size} colorPalette="teal" flexShrink="0" aria-hidden>
    <Avatar.Fallback name={info.name} />
    {info.icon && <Avatar.Image src={imageSrc(info.icon)} alt="" />}
  </Avatar.Root>
);

export const UserBubble = ({ content, palette }: { content: string; palette: SharePalette }) => {
  const { t } = useTranslation();
  return (
    <Flex as="article" justify="flex-end" aria-label={t("chat.conversation.you")} data-role="user">
      <Box
        maxW={{ base: "90%", md: "75%" }}
        px="4"
        py="2.5"
        rounded="2xl"
        roundedBottomRight="sm"
        bg={palette.userBubble}
        color={palette.userText}
        whiteSpace="pre-wrap"
        wordBreak="break-word"
      >
        {content}
      </Box>
    </Flex>
  );
};

type AssistantProps = {
  info: SharedChatInfo;
  palette: SharePalette;
  showAvatar: boolean;
  content: ReactNode;
  reference?: Reference | null;
  footer?: ReactNode;
};

// An answer in the design's colours; its sources list the documents without links a visitor could not open.
export const AssistantBubble = ({ info, palette, showAvatar, content, reference, footer }: AssistantProps) => (
  <HStack
    as="article"
    align="start"
    gap="2"
    maxW={{ base: "100%", md: "85%" }}
    aria-label={info.name}
    data-role="assistant"
  >
    {showAvatar && <AssistantAvatar info={info} size="xs" />}
    <Stack align="start" gap="0" minW="0" flex="1">
      <Box
        px="4"
        py="2.5"
        rounded="2xl"
        roundedTopLeft="sm"
        bg={palette.assistantBubble}
        color={palette.assistantText}
        maxW="full"
      >
        {content}
      </Box>
      {info.quote && <SourcesPanel reference={reference} documentLinks={false} />}
      {footer}
    </Stack>
  </HStack>
);
