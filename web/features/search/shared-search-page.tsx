import { Avatar, Center, Container, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { sharedSearchBackend, sharedSearchInfoQueryOptions } from "../../api/searches";
import { PageLoader } from "../../components/page-loader";
import { ShareProblemScreen } from "../share/share-problem";
import { useForcedColorMode, useShareLanguage } from "../share/use-share-environment";
import { SearchRunner } from "./search-runner";
import { imageSrc } from "../../lib/image-src";

export type SharedSearchParams = {
  searchId: string;
  token: string;
  locale: "de" | "en" | null;
  theme: "light" | "dark" | null;
};

// RAGFlow's search share link: /next-search/share?shared_id=<search_id>&from=search&auth=<token>&tenantId=…&locale=…&theme=…
export const parseSharedSearchParams = (search: string): SharedSearchParams => {
  const query = new URLSearchParams(search);
  const locale = query.get("locale");
  const theme = query.get("theme");
  return {
    searchId: query.get("shared_id") ?? "",
    token: query.get("auth") ?? "",
    locale: locale === "de" || locale === "en" ? locale : null,
    theme: theme === "light" || theme === "dark" ? theme : null,
  };
};

// /next-search/share: a search app opened with a share token, for visitors without an account. Citations
// show the chunk but link to no document (the visitor cannot open the knowledge base).
export const SharedSearchPage = ({ params }: { params: SharedSearchParams }) => {
  const { t } = useTranslation();
  useShareLanguage(params.locale);
  useForcedColorMode(params.theme);
  const client = useMemo(() => ({ searchId: params.searchId, token: params.token }), [params.searchId, params.token]);
  const backend = useMemo(() => sharedSearchBackend(client), [client]);
  const complete = Boolean(params.searchId && params.token);
  const info = useQuery({ ...sharedSearchInfoQueryOptions(client), enabled: complete });

  if (!complete) return <ShareProblemScreen error={null} />;
  if (info.isError) return <ShareProblemScreen error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data)
    return (
      <Center minH="100dvh">
        <PageLoader />
      </Center>
    );
  const config = info.data.search_config;
  return (
    <Container maxW="5xl" py={{ base: "4", md: "10" }} minH="100dvh" data-testid="shared-search-page">
      <Stack gap="6">
        <HStack gap="3">
          <Avatar.Root size="md" colorPalette="teal" aria-hidden>
            <Avatar.Fallback name={info.data.name} />
            {info.data.avatar && <Avatar.Image src={imageSrc(info.data.avatar)} alt="" />}
          </Avatar.Root>
          <Stack gap="0">
            <Heading as="h1" size="xl">
              {info.data.name}
            </Heading>
            {info.data.description && <Text color="fg.muted">{info.data.description}</Text>}
          </Stack>
        </HStack>
        <SearchRunner
          backend={backend}
          switches={{
            summary: config.summary,
            related: config.related_search,
            highlight: config.highlight,
            mindMap: config.query_mindmap ?? false,
          }}
          documentLinks={false}
        />
        <Text fontSize="xs" color="fg.subtle" textAlign="center">
          {t("search.shared.poweredBy")}
        </Text>
      </Stack>
    </Container>
  );
};
