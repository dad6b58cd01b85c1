import { EmptyState, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Library } from "lucide-react";
import { useTranslation } from "react-i18next";
import { datasetsQueryOptions } from "../../api/datasets";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { CreateDatasetDialog } from "./create-dataset-dialog";
import { DatasetCard, type DetailPath } from "./dataset-card";

const PAGE_SIZE = 30;

export type ListSearch = { q?: string; page?: number };

type Props = { search: ListSearch; onSearchChange: (next: ListSearch) => void; detailTo: DetailPath };

// The knowledge-base list; the URL (?q=&page=) belongs to the route that shows it.
export const KnowledgeListPage = ({ search, onSearchChange, detailTo }: Props) => {
  const { t } = useTranslation();
  const { q = "", page = 1 } = search;
  const query = useQuery(datasetsQueryOptions({ page, pageSize: PAGE_SIZE, keywords: q }));
  const setSearch = (next: ListSearch) => {
    const merged = { q, page, ...next };
    onSearchChange({ q: merged.q || undefined, page: merged.page === 1 ? undefined : merged.page });
  };

  return (
    <Stack gap="6" p={{ base: "4", md: "8" }} maxW="7xl" mx="auto">
      <Flex
        justify="space-between"
        align={{ base: "stretch", md: "end" }}
        gap="4"
        direction={{ base: "column", md: "row" }}
      >
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t("kb.listTitle")}
          </Heading>
          <Text color="fg.muted">{t("kb.listDescription")}</Text>
        </Stack>
        <Flex gap="3" wrap="wrap">
          <SearchInput label={t("kb.search")} value={q} onChange={(text) => setSearch({ q: text, page: 1 })} />
          <CreateDatasetDialog detailTo={detailTo} />
        </Flex>
      </Flex>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h="44" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : query.data.datasets.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="app.surface">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <Library />
            </EmptyState.Indicator>
            <EmptyState.Description>{q ? t("kb.noMatch", { query: q }) : t("kb.empty")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
            {query.data.datasets.map((dataset) => (
              <DatasetCard key={dataset.id} dataset={dataset} detailTo={detailTo} />
            ))}
          </SimpleGrid>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            onChange={(next) => setSearch({ page: next })}
          />
        </>
      )}
    </Stack>
  );
};
