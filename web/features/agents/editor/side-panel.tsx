import { Flex, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  title: string;
  icon?: ReactNode;
  onClose: () => void;
  testId: string;
  gap?: string;
  children: ReactNode;
};

// A panel beside the flow canvas (global variables, versions, schedule): a title bar with a close button, and a
// body that scrolls.
export const EditorSidePanel = ({ title, icon, onClose, testId, gap = "3", children }: Props) => {
  const { t } = useTranslation();
  return (
    <Flex direction="column" h="full" minH="0" data-testid={testId}>
      <HStack justify="space-between" px="3" py="2" borderBottomWidth="1px">
        <HStack gap="2">
          {icon}
          <Text fontWeight="semibold">{title}</Text>
        </HStack>
        <IconButton size="sm" variant="ghost" aria-label={t("common.close")} onClick={onClose}>
          <X />
        </IconButton>
      </HStack>
      <Stack gap={gap} p="4" overflowY="auto">
        {children}
      </Stack>
    </Flex>
  );
};
