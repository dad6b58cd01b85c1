import { EmptyState, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Library } from "lucide-react";
import { useTranslation } from "react-i18next";
import { datasetsQueryOptions } from "../../api/datasets";
import {
  CardGridSkeleton,
  type ListSearch,
  ListPageHeader,
  PagedCardGrid,
  useListSearch,
} from "../../components/card-list";
import { RouteErrorMessage } from "../../components/route-error";
import { SearchInput } from "../../components/search-input";
import { CreateDatasetDialog } from "./create-dataset-dialog";
import { DatasetCard, type DetailPath } from "./dataset-card";

const PAGE_SIZE = 30;

type Props = { search: ListSearch; onSearchChange: (next: ListSearch) => void; detailTo: DetailPath };

// The knowledge-base list; the URL (?q=&page=) belongs to the route that shows it.
export const KnowledgeListPage = ({ search, onSearchChange, detailTo }: Props) => {
  const { t } = useTranslation();
  const list = useListSearch(search, onSearchChange);
  const { q, page, setSearch } = list;
  const query = useQuery(datasetsQueryOptions({ page, pageSize: PAGE_SIZE, keywords: q }));

  return (
    <Stack gap="6" p={{ base: "4", md: "8" }} maxW="7xl" mx="auto">
      <ListPageHeader title={t("kb.listTitle")} description={t("kb.listDescription")}>
        <SearchInput label={t("kb.search")} value={q} onChange={(text) => setSearch({ q: text, page: 1 })} />
        <CreateDatasetDialog detailTo={detailTo} />
      </ListPageHeader>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <CardGridSkeleton h="44" />
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
        <PagedCardGrid list={list} pageSize={PAGE_SIZE} total={query.data.total}>
          {query.data.datasets.map((dataset) => (
            <DatasetCard key={dataset.id} dataset={dataset} detailTo={detailTo} />
          ))}
        </PagedCardGrid>
      )}
    </Stack>
  );
};
