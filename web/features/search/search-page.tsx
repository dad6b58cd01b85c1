import { Box, EmptyState, Flex } from "@chakra-ui/react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SearchAppList } from "./search-app-list";
import { SearchWorkspace } from "./search-workspace";

// /search and /next-search: the team's search apps | the selected one (?id=…, so a search app can be linked).
export const SearchPage = () => {
  const { t } = useTranslation();
  const { id } = useSearch({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const select = (next: string | null) => void navigate({ to: ".", search: next ? { id: next } : {}, replace: true });
  return (
    <Flex
      minH={{ base: "auto", md: "calc(100dvh - 4rem)" }}
      direction={{ base: "column", md: "row" }}
      borderWidth="1px"
      rounded="lg"
      overflow="hidden"
      bg="app.bg"
      data-testid="search-page"
    >
      <Box
        w={{ base: "full", md: "64" }}
        flexShrink="0"
        borderEndWidth={{ md: "1px" }}
        bg="app.surface"
        overflowY="auto"
      >
        <SearchAppList selectedId={id ?? null} onSelect={select} />
      </Box>
      {id ? (
        <SearchWorkspace key={id} searchId={id} />
      ) : (
        <EmptyState.Root flex="1">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <Search />
            </EmptyState.Indicator>
            <EmptyState.Title>{t("search.pick")}</EmptyState.Title>
            <EmptyState.Description>{t("search.pickHint")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Flex>
  );
};
