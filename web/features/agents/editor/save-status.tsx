import { Box, HStack, Text } from "@chakra-ui/react";
import { Cloud, CloudCheck, CloudOff, LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SaveState } from "./use-autosave";

const ICONS = { saved: CloudCheck, saving: LoaderCircle, unsaved: Cloud, failed: CloudOff } as const;

export const SaveStatus = ({ state }: { state: SaveState }) => {
  const { t } = useTranslation();
  const Icon = ICONS[state];
  return (
    <HStack
      gap="1.5"
      fontSize="xs"
      color={state === "failed" ? "fg.error" : "fg.muted"}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state}
    >
      <Box as="span" display="inline-flex" animation={state === "saving" ? "spin" : undefined}>
        <Icon size={14} aria-hidden />
      </Box>
      <Text whiteSpace="nowrap">{t(`agents.editor.saveState.${state}`)}</Text>
    </HStack>
  );
};
