import { Badge, Box, HStack, List, Stack, Text } from "@chakra-ui/react";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TraceEntry } from "../../../../worker/contract/agents";
import { formatNumber } from "../../../lib/format";
import { ComponentIcon } from "../nodes/component-icon";
import { JsonDetails } from "./json-details";

type Props = { entries: TraceEntry[]; nameOf: (componentId: string) => string };

// One row per finished node of the last run, in the order they finished.
export const TraceList = ({ entries, nameOf }: Props) => {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" py="4" textAlign="center">
        {t("agents.run.traceEmpty")}
      </Text>
    );
  }
  return (
    <List.Root as="ol" listStyle="none" gap="2" aria-label={t("agents.run.trace")} data-testid="trace-list">
      {entries.map((entry, index) => (
        <List.Item
          key={`${entry.component_id}:${index}`}
          borderWidth="1px"
          borderColor={entry.error ? "border.error" : "border"}
          rounded="md"
          p="2"
          data-testid="trace-entry"
        >
          <Stack gap="1" w="full">
            <HStack gap="2">
              <Box color={entry.error ? "fg.error" : "fg.success"} flexShrink="0">
                {entry.error ? (
                  <CircleAlert size={16} aria-label={t("agents.run.failedStep")} />
                ) : (
                  <CircleCheck size={16} aria-label={t("agents.run.okStep")} />
                )}
              </Box>
              <Text fontWeight="medium" fontSize="sm" truncate flex="1">
                {nameOf(entry.component_id)}
              </Text>
              <Badge size="sm" variant="subtle" gap="1">
                <ComponentIcon name={entry.component_name} size={12} />
                {t(`agents.components.${entry.component_name}`)}
              </Badge>
              <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {t("agents.run.elapsed", { ms: formatNumber(entry.elapsed_time * 1000, 0) })}
              </Text>
            </HStack>
            {entry.error && (
              <Text fontSize="sm" color="fg.error" role="alert">
                {entry.error}
              </Text>
            )}
            <HStack gap="2" align="start" wrap="wrap">
              <Box flex="1" minW="0">
                <JsonDetails label={t("agents.run.inputs")} value={entry.inputs} />
              </Box>
              <Box flex="1" minW="0">
                <JsonDetails label={t("agents.run.outputs")} value={entry.outputs} />
              </Box>
            </HStack>
          </Stack>
        </List.Item>
      ))}
    </List.Root>
  );
};
