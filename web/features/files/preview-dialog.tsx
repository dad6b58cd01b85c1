import { Box, Button } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FileEntry } from "../../../worker/contract/files";
import { fileDownloadUrl } from "../../api/files";
import { ViewDialog } from "../../components/view-dialog";
import { FilePreview } from "../preview/file-preview";

export const PreviewDialog = ({ file, onClose }: { file: FileEntry; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <ViewDialog
      title={t("files.previewTitle", { name: file.name })}
      size="xl"
      testId="file-preview-dialog"
      onClose={onClose}
      footer={
        <Button asChild variant="outline" size="sm">
          <Link to="/document/$id" params={{ id: file.id }} search={{ source: "file" }} target="_blank">
            <ExternalLink /> {t("files.openFull")}
          </Link>
        </Button>
      }
    >
      <Box h="70vh">
        <FilePreview url={fileDownloadUrl(file.id)} name={file.name} />
      </Box>
    </ViewDialog>
  );
};
