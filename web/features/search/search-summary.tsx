import { Box, HStack, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RouteErrorMessage } from "../../components/route-error";
import { AnswerMarkdown } from "../conversation/answer-markdown";
import { AnswerNotice } from "../conversation/answer-notice";
import type { SummaryState } from "./use-search-summary";

// documentLinks: the owner's page (a share-link visitor gets neither document links nor the model settings link)
type Props = { state: SummaryState; documentLinks: boolean; onRetry: () => void };

// The streamed AI summary; [ID:n] markers become citations of the summary's reference, as in the chat.
export const SearchSummary = ({ state, documentLinks, onRetry }: Props) => {
  const { t } = useTranslation();
  if (state.status === "idle") return null;
  const streaming = state.status === "streaming";
  return (
    <Box
      as="section"
      borderWidth="1px"
      rounded="lg"
      bg="app.surface"
      p="4"
      aria-labelledby="search-summary-title"
      aria-busy={streaming}
      data-testid="search-summary"
    >
      <Stack gap="3">
        <HStack gap="2" color="brand.fg">
          <Sparkles size={16} aria-hidden />
          <Heading as="h2" size="sm" id="search-summary-title">
            {t("search.summary.title")}
          </Heading>
        </HStack>
        {state.status === "error" ? (
          <RouteErrorMessage error={state.error} onRetry={onRetry} />
        ) : state.content ? (
          <>
            <AnswerMarkdown content={state.content} reference={state.reference} documentLinks={documentLinks} />
            <AnswerNotice notice={state.notice} settingsLink={documentLinks} />
          </>
        ) : streaming ? (
          <Stack gap="2" role="status" aria-label={t("search.summary.writing")}>
            <Skeleton h="4" />
            <Skeleton h="4" w="80%" />
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t("search.summary.nothing")}
          </Text>
        )}
      </Stack>
    </Box>
  );
};
