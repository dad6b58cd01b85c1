import { Button, Grid, Heading, HStack, Input, Stack, Text, Wrap } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type SearchBackend,
  searchMindMapQueryOptions,
  searchRelatedQueryOptions,
  searchResultsQueryOptions,
} from "../../api/searches";
import { SEARCH_QUESTION_MAX } from "../../../worker/contract/searches";
import { Pager } from "../../components/pager";
import { RouteErrorMessage } from "../../components/route-error";
import { formatCount } from "../../lib/format";
import { MindMapPanel } from "./mind-map-panel";
import { DocumentFacet, SearchHits } from "./search-results";
import { SearchSummary } from "./search-summary";
import { useSearchSummary } from "./use-search-summary";

export const SEARCH_PAGE_SIZE = 10;

export type SearchSwitches = { summary: boolean; related: boolean; highlight: boolean; mindMap: boolean };

type Props = { backend: SearchBackend; switches: SearchSwitches; documentLinks: boolean };

// The search itself: a big box, the streamed summary, related questions as chips, and the hits with a
// document filter. The signed-in page and the shared page differ only in the backend they talk to.
export const SearchRunner = ({ backend, switches, documentLinks }: Props) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [missing, setMissing] = useState(false);
  const [question, setQuestion] = useState("");
  const [run, setRun] = useState(0);
  const [page, setPage] = useState(1);
  const [docIds, setDocIds] = useState<string[]>([]);

  const searching = Boolean(question);
  const results = useQuery({
    ...searchResultsQueryOptions(backend, { question, docIds, page, pageSize: SEARCH_PAGE_SIZE }, run),
    enabled: searching,
  });
  // the filter lists the documents of the whole, unfiltered result (the same request on page 1 without a filter)
  const overview = useQuery({
    ...searchResultsQueryOptions(backend, { question, docIds: [], page: 1, pageSize: SEARCH_PAGE_SIZE }, run),
    enabled: searching,
  });
  const related = useQuery({
    ...searchRelatedQueryOptions(backend, question, run),
    enabled: searching && switches.related,
  });
  const mindMap = useQuery({
    ...searchMindMapQueryOptions(backend, question, run),
    enabled: searching && switches.mindMap,
  });
  const summary = useSearchSummary(backend);

  const search = (text: string) => {
    const trimmed = text.trim();
    setMissing(!trimmed);
    if (!trimmed) return;
    setDraft(trimmed);
    setQuestion(trimmed);
    setRun((current) => current + 1);
    setPage(1);
    setDocIds([]);
    if (switches.summary) summary.start(trimmed, []);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(draft);
  };
  const filter = (ids: string[]) => {
    setDocIds(ids);
    setPage(1);
    if (switches.summary) summary.start(question, ids);
  };

  return (
    <Stack gap="5">
      <form onSubmit={onSubmit} noValidate role="search" aria-label={t("search.box.label")}>
        <Stack gap="1">
          <HStack gap="2">
            <Input
              name="question"
              size="lg"
              bg="app.surface"
              aria-label={t("search.box.label")}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? "search-box-error" : undefined}
              placeholder={t("search.box.placeholder")}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={SEARCH_QUESTION_MAX}
            />
            <Button
              type="submit"
              size="lg"
              colorPalette="teal"
              loading={results.isFetching && !results.isPlaceholderData}
            >
              <Search /> {t("search.box.submit")}
            </Button>
          </HStack>
          {missing && (
            <Text id="search-box-error" fontSize="sm" color="fg.error">
              {t("search.box.required")}
            </Text>
          )}
        </Stack>
      </form>

      {!searching ? (
        <Text color="fg.muted" data-testid="search-idle">
          {t("search.idle")}
        </Text>
      ) : (
        <>
          <SearchSummary
            state={summary.state}
            documentLinks={documentLinks}
            onRetry={() => summary.start(question, docIds)}
          />
          {switches.related && (related.data?.length ?? 0) > 0 && (
            <Stack as="section" gap="2" aria-labelledby="search-related-title">
              <Heading as="h2" size="sm" id="search-related-title">
                {t("search.related")}
              </Heading>
              <Wrap gap="2" data-testid="search-related">
                {related.data?.map((text) => (
                  <Button
                    key={text}
                    size="sm"
                    variant="subtle"
                    colorPalette="teal"
                    rounded="full"
                    onClick={() => search(text)}
                  >
                    {text}
                  </Button>
                ))}
              </Wrap>
            </Stack>
          )}
          {switches.mindMap && <MindMapPanel query={mindMap} />}
          <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 1fr) 16rem" }} gap="4" alignItems="start">
            <Stack as="section" gap="3" aria-labelledby="search-results-title" aria-busy={results.isFetching} minW="0">
              <HStack justify="space-between" wrap="wrap">
                <Heading as="h2" size="sm" id="search-results-title">
                  {t("search.results")}
                </Heading>
                {results.data && (
                  <Text fontSize="sm" color="fg.muted" role="status" data-testid="search-total">
                    {t("search.total", { count: results.data.total, formatted: formatCount(results.data.total) })}
                  </Text>
                )}
              </HStack>
              {results.isError ? (
                <RouteErrorMessage error={results.error} onRetry={() => void results.refetch()} />
              ) : !results.data ? (
                <Stack gap="3" data-testid="search-loading">
                  <Text srOnly>{t("common.loading")}</Text>
                  <Grid gap="3">
                    {Array.from({ length: 2 }, (_, i) => (
                      <Stack key={i} h="24" rounded="md" bg="bg.muted" />
                    ))}
                  </Grid>
                </Stack>
              ) : (
                <Stack gap="3" opacity={results.isPlaceholderData ? 0.6 : 1}>
                  <SearchHits
                    chunks={results.data.chunks}
                    offset={(page - 1) * SEARCH_PAGE_SIZE}
                    highlight={switches.highlight}
                  />
                  <Pager page={page} pageSize={SEARCH_PAGE_SIZE} total={results.data.total} onChange={setPage} />
                </Stack>
              )}
            </Stack>
            <DocumentFacet aggs={overview.isError ? [] : overview.data?.doc_aggs} value={docIds} onChange={filter} />
          </Grid>
        </>
      )}
    </Stack>
  );
};
