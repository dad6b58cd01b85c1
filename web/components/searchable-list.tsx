import { Button, EmptyState, Flex, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "./pager";
import { RouteErrorMessage } from "./route-error";
import { SearchInput } from "./search-input";

type ListQuery = { isError: boolean; isPending: boolean; error: unknown; refetch: () => unknown };

type Props = {
  // names the table for screen readers
  title: string;
  searchLabel: string;
  createLabel: string;
  onCreate: () => void;
  keywords: string;
  // a new search starts at page 1
  onSearch: (keywords: string) => void;
  query: ListQuery;
  // the page's rows, undefined while loading
  count: number | undefined;
  emptyIcon: ReactNode;
  emptyText: string;
  noMatchText: string;
  columns: string[];
  rows: ReactNode;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
};

// A team's list of named things (memories, prompt templates) below its page heading: search, create, the table
// with its loading, empty and error states, and the pager.
export const SearchableList = (props: Props) => {
  const { t } = useTranslation();
  const { query } = props;
  return (
    <>
      <Flex justify="space-between" gap="3" wrap="wrap">
        <SearchInput label={props.searchLabel} value={props.keywords} onChange={props.onSearch} />
        <Button colorPalette="teal" onClick={props.onCreate}>
          <Plus /> {props.createLabel}
        </Button>
      </Flex>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending || props.count === undefined ? (
        <Skeleton h="32" rounded="lg" />
      ) : props.count === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">{props.emptyIcon}</EmptyState.Indicator>
            <EmptyState.Description>{props.keywords ? props.noMatchText : props.emptyText}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="3">
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={props.title}>
              <Table.Header>
                <Table.Row>
                  {props.columns.map((column) => (
                    <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader textAlign="end">
                    <Text srOnly>{t("common.actions")}</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>{props.rows}</Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <HStack justify="flex-end">
            <Pager page={props.page} pageSize={props.pageSize} total={props.total} onChange={props.onPage} />
          </HStack>
        </Stack>
      )}
    </>
  );
};
