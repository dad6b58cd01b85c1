import { Card, Flex, Heading, LinkOverlay, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Pager } from "./pager";

export type ListSearch = { q?: string; page?: number };

// A card list's search (?q=&page=) as the route keeps it: defaults dropped from the URL.
export const useListSearch = (search: ListSearch, onSearchChange: (next: ListSearch) => void) => {
  const { q = "", page = 1 } = search;
  const setSearch = (next: ListSearch) => {
    const merged = { q, page, ...next };
    onSearchChange({ q: merged.q || undefined, page: merged.page === 1 ? undefined : merged.page });
  };
  return { q, page, setSearch };
};

// A list page's title and description, with its actions (search, create) beside them.
export const ListPageHeader = ({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) => (
  <Flex
    justify="space-between"
    align={{ base: "stretch", md: "end" }}
    gap="4"
    direction={{ base: "column", md: "row" }}
  >
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{description}</Text>
    </Stack>
    <Flex gap="3" wrap="wrap">
      {children}
    </Flex>
  </Flex>
);

const COLUMNS = { base: 1, sm: 2, lg: 3, xl: 4 };

export const CardGrid = ({ busy, children }: { busy?: boolean; children: ReactNode }) => (
  <SimpleGrid columns={COLUMNS} gap="4" aria-busy={busy ? "true" : undefined}>
    {children}
  </SimpleGrid>
);

// One page of cards with the pager below; paging goes through the list's search (useListSearch).
export const PagedCardGrid = ({
  list,
  pageSize,
  total,
  children,
}: {
  list: Pick<ReturnType<typeof useListSearch>, "page" | "setSearch">;
  pageSize: number;
  total: number;
  children: ReactNode;
}) => (
  <>
    <CardGrid>{children}</CardGrid>
    <Pager page={list.page} pageSize={pageSize} total={total} onChange={(next) => list.setSearch({ page: next })} />
  </>
);

// Four grey cards while the list loads.
export const CardGridSkeleton = ({ h, busy }: { h: string; busy?: boolean }) => (
  <CardGrid busy={busy}>
    {Array.from({ length: 4 }, (_, i) => (
      <Skeleton key={i} h={h} rounded="lg" />
    ))}
  </CardGrid>
);

export const LinkCardTitle = ({ children }: { children: string }) => (
  <Text fontWeight="semibold" fontSize="lg" lineClamp={1}>
    {children}
  </Text>
);

type LinkCardProps = {
  testId: string;
  top: ReactNode;
  // the router link around a LinkCardTitle; the whole card is its click target
  link: ReactNode;
  description?: string | null;
  footer: ReactNode;
};

// A list card: icon row, the linked title, a two-line description, then its footer.
export const LinkCard = ({ testId, top, link, description, footer }: LinkCardProps) => (
  <Card.Root
    position="relative"
    bg="app.surface"
    _hover={{ shadow: "md", borderColor: "brand.emphasized" }}
    transition="all 0.15s"
    data-testid={testId}
  >
    <Card.Body gap="3">
      {top}
      <Stack gap="1" minH="16">
        <LinkOverlay asChild>{link}</LinkOverlay>
        {description && (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {description}
          </Text>
        )}
      </Stack>
    </Card.Body>
    {footer}
  </Card.Root>
);
