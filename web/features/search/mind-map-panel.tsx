import { Collapsible, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronDown, Network } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MindMapNode } from "../../../worker/contract/mindmap";
import { MindMapOutline } from "../../components/mind-map-outline";
import { RouteErrorMessage } from "../../components/route-error";

// The search's mind map (RAGFlow's query_mindmap): the best chunks summarised as an outline.
export const MindMapPanel = ({ query }: { query: UseQueryResult<MindMapNode> }) => {
  const { t } = useTranslation();
  const map = query.data;
  return (
    <Collapsible.Root defaultOpen>
      <Stack
        as="section"
        gap="2"
        aria-labelledby="search-mindmap-title"
        borderWidth="1px"
        rounded="md"
        p="3"
        bg="app.surface"
        data-testid="search-mindmap"
      >
        <Collapsible.Trigger asChild>
          <HStack as="button" justify="space-between" cursor="pointer" textAlign="start">
            <HStack gap="2">
              <Network size={16} aria-hidden />
              <Heading as="h2" size="sm" id="search-mindmap-title">
                {t("search.mindMap.title")}
              </Heading>
            </HStack>
            <ChevronDown size={16} aria-hidden />
          </HStack>
        </Collapsible.Trigger>
        <Collapsible.Content>
          {query.isError ? (
            <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
          ) : !map ? (
            <Stack gap="2" aria-busy>
              <Text srOnly>{t("search.mindMap.loading")}</Text>
              <Skeleton h="4" w="40%" />
              <Skeleton h="4" w="60%" ms="4" />
              <Skeleton h="4" w="50%" ms="4" />
            </Stack>
          ) : map.children.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t("search.mindMap.empty")}
            </Text>
          ) : (
            <MindMapOutline map={map} rootLabel={t("search.mindMap.root")} />
          )}
        </Collapsible.Content>
      </Stack>
    </Collapsible.Root>
  );
};
