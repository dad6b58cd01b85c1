import { Box, CloseButton, Drawer, HStack, Portal, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { conversationHistoryQueryOptions } from "../../api/evaluation";
import { RouteErrorMessage } from "../../components/route-error";
import { formatDateTime } from "../../lib/format";
import { ReasonBadge, Thumb } from "./feedback-table";
import { plainAnswer } from "./plain-answer";

type Props = { conversationId: string; title: string; onClose(): void };

// Every answered question of one conversation in order, with the feedback each answer got.
export const HistoryDrawer = ({ conversationId, title, onClose }: Props) => {
  const { t } = useTranslation();
  const history = useQuery(conversationHistoryQueryOptions(conversationId));
  const data = history.data;
  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} placement="end" size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="history-drawer">
            <Drawer.Header>
              <Stack gap="0.5">
                <Drawer.Title>{t("evaluation.history.title", { name: data?.session_name ?? title })}</Drawer.Title>
                {data && (
                  <Text fontSize="sm" color="fg.muted">
                    {t("evaluation.history.meta", {
                      assistant: data.chat_name,
                      user: data.user_name,
                      source: t(`evaluation.source.${data.source}`),
                    })}
                  </Text>
                )}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              {history.isError ? (
                <RouteErrorMessage error={history.error} onRetry={() => void history.refetch()} />
              ) : !data ? (
                <Stack gap="3" aria-busy="true" aria-label={t("common.loading")}>
                  <Skeleton h="16" />
                  <Skeleton h="16" />
                </Stack>
              ) : data.turns.length === 0 ? (
                <Text color="fg.muted">{t("evaluation.history.empty")}</Text>
              ) : (
                <Stack as="ol" gap="4" listStyleType="none">
                  {data.turns.map((turn) => (
                    <Box as="li" key={turn.id} borderWidth="1px" rounded="md" p="3" data-testid="history-turn">
                      <HStack justify="space-between" fontSize="xs" color="fg.muted" mb="2">
                        <Text>{formatDateTime(turn.create_time)}</Text>
                        <HStack gap="2">
                          <ReasonBadge reason={turn.feedback_reason} />
                          <Thumb value={turn.thumbup} />
                        </HStack>
                      </HStack>
                      <Text fontWeight="medium" mb="1">
                        {turn.question}
                      </Text>
                      <Text whiteSpace="pre-wrap" fontSize="sm" color="fg.muted">
                        {plainAnswer(turn.answer)}
                      </Text>
                      {turn.feedback && (
                        <Text
                          mt="2"
                          fontSize="sm"
                          fontStyle="italic"
                          borderStartWidth="2px"
                          borderColor="border.emphasized"
                          ps="2"
                        >
                          {turn.feedback}
                        </Text>
                      )}
                    </Box>
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common.close")} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
};
