import { Button, Tabs, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fileKeys, uploadToFolder } from "../../api/files";
import { LocalFilesTab } from "../../components/upload/local-files-tab";
import { useDiscardGuard } from "../../components/upload/use-discard-guard";
import { useUploadQueue } from "../../components/upload/use-upload-queue";
import { ViewDialog } from "../../components/view-dialog";
import { S3ImportTab } from "./s3-import-tab";
import { WebImportTab } from "./web-import-tab";

// Files and whole folders (relative paths become sub-folders), a website, or objects from S3-compatible storage.
export const FileUploadDialog = ({
  parentId,
  folderName,
  onClose,
}: {
  parentId: string | undefined;
  folderName: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queue = useUploadQueue({
    upload: (file, path, onProgress) => uploadToFolder(file, path, parentId, onProgress),
    refresh: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
  const guard = useDiscardGuard(queue, onClose);
  const close = guard.requestClose;
  return (
    <ViewDialog
      title={t("files.uploadTitle")}
      size="lg"
      testId="file-upload-dialog"
      onClose={close}
      footer={
        <Button variant="outline" onClick={close}>
          {queue.finished ? t("upload.done") : t("common.close")}
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t("files.into", { folder: folderName })}
      </Text>
      <Tabs.Root defaultValue="local" colorPalette="teal" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="local">{t("files.tabLocal")}</Tabs.Trigger>
          <Tabs.Trigger value="web">{t("files.tabWeb")}</Tabs.Trigger>
          <Tabs.Trigger value="s3">{t("files.tabS3")}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="local">
          <LocalFilesTab queue={queue} folders limitsKey="files.limits" />
        </Tabs.Content>
        <Tabs.Content value="web">
          <WebImportTab parentId={parentId} onDone={close} />
        </Tabs.Content>
        <Tabs.Content value="s3">
          <S3ImportTab parentId={parentId} onDone={close} />
        </Tabs.Content>
      </Tabs.Root>
      {guard.dialog}
    </ViewDialog>
  );
};
