import { Box, Heading, Mark, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Chunk } from "../../../worker/contract/chunks";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { documentDownloadUrl } from "../../api/documents";
import { PageLoader } from "../../components/page-loader";
import { RouteErrorMessage } from "../../components/route-error";
import { fetchFileBlob } from "../../lib/save-blob";

const usePdfUrl = (datasetId: string, doc: DatasetDocument) =>
  useQuery({
    queryKey: ["document-blob", doc.id],
    enabled: doc.suffix === "pdf",
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      URL.createObjectURL((await fetchFileBlob(documentDownloadUrl(datasetId, doc.id), signal)).blob),
  });

// PDFs show the page of the selected chunk; other files show their text (from the chunks) with it highlighted.
export const DocumentPreview = ({
  datasetId,
  doc,
  chunks,
  activeId,
}: {
  datasetId: string;
  doc: DatasetDocument;
  chunks: Chunk[];
  activeId: string | null;
}) => {
  const { t } = useTranslation();
  const pdf = usePdfUrl(datasetId, doc);
  const activeRef = useRef<HTMLElement>(null);
  const active = chunks.find((chunk) => chunk.id === activeId);
  // the highlighted chunk scrolls into view whenever another one is chosen
  useEffect(() => {
    if (activeId) activeRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [activeId]);

  if (doc.suffix === "pdf" && pdf.isPending) return <PageLoader />;
  if (doc.suffix === "pdf" && pdf.data) {
    const page = active?.page_num_int[0] ?? 1;
    return (
      <Stack gap="2" h="full">
        <Heading as="h2" size="sm">
          {t("chunks.previewPdf")}
        </Heading>
        <Box asChild w="full" minH="70vh" borderWidth="1px" rounded="md">
          <object key={page} type="application/pdf" data={`${pdf.data}#page=${page}`} aria-label={doc.name}>
            <Text p="4">{doc.name}</Text>
          </object>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <Heading as="h2" size="sm">
        {t("chunks.preview")}
      </Heading>
      {pdf.isError && <RouteErrorMessage error={pdf.error} onRetry={() => void pdf.refetch()} />}
      <Text fontSize="xs" color="fg.muted">
        {t("chunks.previewText")}
      </Text>
      <Box
        borderWidth="1px"
        rounded="md"
        p="4"
        maxH="70vh"
        overflowY="auto"
        fontSize="sm"
        whiteSpace="pre-wrap"
        bg="app.surface"
        data-testid="document-preview"
      >
        {chunks.map((chunk) =>
          chunk.id === activeId ? (
            <Mark key={chunk.id} ref={activeRef} display="block" bg="brand.muted" rounded="sm" px="1" my="2">
              {chunk.content}
            </Mark>
          ) : (
            <Text key={chunk.id} my="2">
              {chunk.content}
            </Text>
          ),
        )}
      </Box>
    </Stack>
  );
};
