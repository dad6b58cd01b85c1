import { Button, EmptyState, HStack, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Library, Settings2, Share2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ownerSearchBackend, type SearchApp, searchQueryOptions } from "../../api/searches";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchRunner } from "./search-runner";
import { SearchSettingsDialog } from "./settings-dialog";
import { ShareSearchDialog } from "./share-search-dialog";

const Workspace = ({ app }: { app: SearchApp }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"settings" | "share" | null>(null);
  const backend = useMemo(() => ownerSearchBackend(app), [app]);
  const config = app.search_config;
  return (
    <Stack gap="5" p={{ base: "3", md: "6" }} flex="1" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0" minW="0">
          <Heading as="h1" size="lg" truncate>
            {app.name}
          </Heading>
          {app.description && (
            <Text fontSize="sm" color="fg.muted">
              {app.description}
            </Text>
          )}
        </Stack>
        <HStack gap="1">
          <Button size="sm" variant="ghost" onClick={() => setOpen("share")}>
            <Share2 /> {t("search.share")}
          </Button>
          <Button size="sm" variant="outline" colorPalette="teal" onClick={() => setOpen("settings")}>
            <Settings2 /> {t("search.settings")}
          </Button>
        </HStack>
      </HStack>
      {config.kb_ids.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="search-no-knowledge">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <Library />
            </EmptyState.Indicator>
            <EmptyState.Title>{t("search.noKnowledge")}</EmptyState.Title>
            <EmptyState.Description>{t("search.noKnowledgeHint")}</EmptyState.Description>
            <Button colorPalette="teal" onClick={() => setOpen("settings")}>
              <Settings2 /> {t("search.settings")}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SearchRunner
          key={`${app.id}:${app.update_time}`}
          backend={backend}
          switches={{
            summary: config.summary,
            related: config.related_search,
            highlight: config.highlight,
            mindMap: config.query_mindmap ?? false,
          }}
          documentLinks
        />
      )}
      {open === "settings" && <SearchSettingsDialog app={app} onClose={() => setOpen(null)} />}
      {open === "share" && <ShareSearchDialog app={app} onClose={() => setOpen(null)} />}
    </Stack>
  );
};

// The selected search app, loaded by id (the id comes from the URL).
export const SearchWorkspace = ({ searchId }: { searchId: string }) => {
  const query = useQuery(searchQueryOptions(searchId));
  if (query.isError) {
    return (
      <Stack p="6" flex="1">
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Stack p="6" gap="4" flex="1" aria-busy="true">
        <Skeleton h="8" w="48" />
        <Skeleton h="12" />
      </Stack>
    );
  }
  return <Workspace app={query.data} />;
};
