import { Alert, Box, Button, Flex, HStack, Text } from "@chakra-ui/react";
import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../components/page-loader";
import type { PreviewFocus } from "./cited-passage";
import { DocxViewer } from "./docx-viewer";
import { DownloadButton } from "./download-button";
import { previewKindOf } from "./file-kind";
import { ImageViewer } from "./image-viewer";
import { MarkdownViewer } from "./markdown-viewer";
import { PdfViewer } from "./pdf-viewer";
import { readCsv, readTsv, readWorkbook } from "./read-table";
import { TableViewer } from "./table-viewer";
import { TextViewer } from "./text-viewer";
import { UnsupportedViewer } from "./unsupported-viewer";
import { useFileDownload } from "./use-file-download";

const Viewer = ({ blob, name, focus }: { blob: Blob; name: string; focus?: PreviewFocus }) => {
  switch (previewKindOf(name)) {
    case "pdf":
      return <PdfViewer blob={blob} focus={focus} />;
    case "image":
      return <ImageViewer blob={blob} name={name} />;
    case "markdown":
      return <MarkdownViewer blob={blob} focus={focus} />;
    case "text":
      return <TextViewer blob={blob} focus={focus} />;
    case "docx":
      return <DocxViewer blob={blob} focus={focus} />;
    case "workbook":
      return <TableViewer blob={blob} read={readWorkbook} focus={focus} />;
    case "delimited":
      return <TableViewer blob={blob} read={name.toLowerCase().endsWith(".tsv") ? readTsv : readCsv} focus={focus} />;
    case "unsupported":
      return <UnsupportedViewer blob={blob} name={name} />;
  }
};

const DownloadFailed = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t("preview.downloadError")}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t("preview.retry")}
      </Button>
    </Alert.Root>
  );
};

type Props = { url: string; name?: string; focus?: PreviewFocus };

// A file shown in the page, whatever its type: a bar with its name and a download button above the
// matching viewer. url is fetched with the session token; name defaults to the response's file name.
// focus (a citation's chunk) opens it at the chunk's page and highlights the chunk's text.
// The component fills its parent's height; long content scrolls inside it.
export const FilePreview = ({ url, name, focus }: Props) => {
  const download = useFileDownload(url, name);
  const file = download.data;
  const shownName = file?.name ?? name ?? "";
  return (
    <Flex direction="column" h="full" minH="0" gap="3" data-testid="file-preview">
      <HStack gap="2" px="3" py="2" borderWidth="1px" rounded="md" bg="app.surface" minW="0">
        <Box color="fg.muted" flexShrink="0">
          <FileText size={16} aria-hidden />
        </Box>
        <Text fontWeight="medium" truncate flex="1" title={shownName} data-testid="file-preview-name">
          {shownName}
        </Text>
        <DownloadButton blob={file?.blob} name={shownName} flexShrink="0" />
      </HStack>
      <Box flex="1" minH="0" overflow="auto">
        {file ? (
          <Viewer blob={file.blob} name={file.name} focus={focus} />
        ) : download.isError && !download.isFetching ? (
          <DownloadFailed onRetry={() => void download.refetch()} />
        ) : (
          <PageLoader />
        )}
      </Box>
    </Flex>
  );
};
