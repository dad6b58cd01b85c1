import { Alert, Flex } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { documentDownloadUrl } from "../api/documents";
import { API_BASE } from "../api/client";
import { FilePreview } from "../features/preview/file-preview";
import { requireUser } from "../lib/require-user";

// source=file: a file of the file manager; source=document: a knowledge-base document (needs its dataset).
const DocumentSearchSchema = v.looseObject({
  source: v.optional(v.picklist(["file", "document"]), "file"),
  dataset: v.optional(v.string()),
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

// The full-page viewer, without the app's navigation: opened in its own tab from files and citations.
const DocumentViewer = () => {
  const { id } = Route.useParams();
  const { source, dataset } = Route.useSearch();
  const url =
    source === "document" ? dataset && documentDownloadUrl(dataset, id) : `${API_BASE}/files/${encodeURIComponent(id)}`;
  return (
    <Flex as="main" direction="column" h="100dvh" p={{ base: "2", md: "4" }} bg="app.bg">
      {url ? <FilePreview url={url} /> : <MissingDataset />}
    </Flex>
  );
};

export const Route = createFileRoute("/document/$id")({
  staticData: { titleKey: "documentViewer" },
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  validateSearch: DocumentSearchSchema,
  component: DocumentViewer,
});
