import { Box, HStack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

export const TypingDots = () => {
  const { t } = useTranslation();
  return (
    <HStack gap="1" py="1.5" role="status" aria-label={t("chat.conversation.typing")} data-testid="typing">
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          boxSize="1.5"
          rounded="full"
          bg="fg.muted"
          animation="pulse"
          css={{ animationDelay: `${dot * 150}ms` }}
        />
      ))}
    </HStack>
  );
};
