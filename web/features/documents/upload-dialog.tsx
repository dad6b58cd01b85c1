import { Button, Tabs } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogFrame } from "../../components/dialog-frame";
import { EmptyFileTab } from "./empty-file-tab";
import { LocalFilesTab } from "../../components/upload/local-files-tab";
import { useFileQueue } from "./use-file-queue";
import { WebCrawlTab } from "./web-crawl-tab";

export const UploadDialog = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queue = useFileQueue(datasetId);
  const close = () => {
    setOpen(false);
    if (!queue.running) queue.reset();
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(e) => (e.open ? setOpen(true) : close())}
      size="lg"
      placement="center"
      trigger={
        <Button colorPalette="teal">
          <Plus /> {t("docs.add")}
        </Button>
      }
      title={t("upload.title")}
      footer={
        <Button variant="outline" onClick={close}>
          {queue.finished ? t("upload.done") : t("common.close")}
        </Button>
      }
      closeButton
    >
      <Tabs.Root defaultValue="local" colorPalette="teal" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="local">{t("upload.tabLocal")}</Tabs.Trigger>
          <Tabs.Trigger value="empty">{t("upload.tabEmpty")}</Tabs.Trigger>
          <Tabs.Trigger value="web">{t("upload.tabWeb")}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="local">
          <LocalFilesTab queue={queue} />
        </Tabs.Content>
        <Tabs.Content value="empty">
          <EmptyFileTab datasetId={datasetId} onDone={close} />
        </Tabs.Content>
        <Tabs.Content value="web">
          <WebCrawlTab datasetId={datasetId} onDone={close} />
        </Tabs.Content>
      </Tabs.Root>
    </DialogFrame>
  );
};
