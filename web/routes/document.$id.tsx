import { Alert, Flex } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { storedChunkQueryOptions } from "../api/chunks";
import { documentDownloadUrl } from "../api/documents";
import { API_BASE } from "../api/client";
import { PageLoader } from "../components/page-loader";
import type { PreviewFocus } from "../features/preview/cited-passage";
import { FilePreview } from "../features/preview/file-preview";
import { requireUser } from "../lib/require-user";

// source=file: a file of the file manager; source=document: a knowledge-base document (needs its dataset).
// chunk (with source=document): the cited chunk, opened at its page with its text highlighted; page: the
// chunk's first page, used while the chunk cannot be read.
const DocumentSearchSchema = v.looseObject({
  source: v.optional(v.picklist(["file", "document"]), "file"),
  dataset: v.optional(v.string()),
  chunk: v.optional(v.string()),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

const MissingDataset = () => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Description>{t("preview.missingDataset")}</Alert.Description>
    </Alert.Root>
  );
};

// The cited chunk's text, pages and regions; a chunk that was deleted since the answer still opens the page it was on.
const useCitedChunk = (datasetId: string, documentId: string, chunkId: string, page: number | undefined) => {
  const chunk = useQuery(storedChunkQueryOptions(datasetId, documentId, chunkId));
  if (chunk.isPending) return { pending: true as const };
  const focus: PreviewFocus = chunk.data
    ? {
        pages: chunk.data.page_num_int.length ? chunk.data.page_num_int : page ? [page] : [],
        text: chunk.data.content_with_weight,
        positions: chunk.data.position_int ?? [],
      }
    : { pages: page ? [page] : [], text: "" };
  return { pending: false as const, focus };
};

const CitedDocument = ({
  url,
  dataset,
  id,
  chunk,
  page,
}: {
  url: string;
  dataset: string;
  id: string;
  chunk: string;
  page?: number;
}) => {
  const cited = useCitedChunk(dataset, id, chunk, page);
  return cited.pending ? <PageLoader /> : <FilePreview url={url} focus={cited.focus} />;
};

// The full-page viewer, without the app's navigation: opened in its own tab from files and citations.
const DocumentViewer = () => {
  const { id } = Route.useParams();
  const { source, dataset, chunk, page } = Route.useSearch();
  const url =
    source === "document" ? dataset && documentDownloadUrl(dataset, id) : `${API_BASE}/files/${encodeURIComponent(id)}`;
  return (
    <Flex as="main" direction="column" h="100dvh" p={{ base: "2", md: "4" }} bg="app.bg">
      {!url ? (
        <MissingDataset />
      ) : dataset && chunk ? (
        <CitedDocument url={url} dataset={dataset} id={id} chunk={chunk} page={page} />
      ) : (
        <FilePreview url={url} />
      )}
    </Flex>
  );
};

export const Route = createFileRoute("/document/$id")({
  staticData: { titleKey: "documentViewer" },
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  validateSearch: DocumentSearchSchema,
  component: DocumentViewer,
});
