import { Skeleton, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { RouteErrorMessage } from "./route-error";

type Props = {
  // the query that lists the choices
  query: { isError: boolean; isPending: boolean; error: unknown; refetch: () => unknown };
  skeletonHeight: string;
  empty: boolean;
  emptyText: string;
  label: string;
  children: ReactNode;
};

// A bordered, scrolling group of checkboxes filled by a query: its error (with retry), a skeleton, or a hint when empty.
export const CheckListBox = ({ query, skeletonHeight, empty, emptyText, label, children }: Props) =>
  query.isError ? (
    <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
  ) : query.isPending ? (
    <Skeleton h={skeletonHeight} rounded="md" />
  ) : empty ? (
    <Text fontSize="sm" color="fg.muted">
      {emptyText}
    </Text>
  ) : (
    <Stack gap="2" maxH="48" overflowY="auto" borderWidth="1px" rounded="md" p="3" role="group" aria-label={label}>
      {children}
    </Stack>
  );
