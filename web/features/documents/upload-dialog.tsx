import { Button, Tabs } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogFrame } from "../../components/dialog-frame";
import { SettingSwitch } from "../../components/setting-switch";
import { LocalFilesTab } from "../../components/upload/local-files-tab";
import { useDiscardGuard } from "../../components/upload/use-discard-guard";
import { EmptyFileTab } from "./empty-file-tab";
import { useFileQueue } from "./use-file-queue";
import { WebCrawlTab } from "./web-crawl-tab";

export const UploadDialog = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // RAGFlow's "parse on creation", on unless the user turns it off
  const [parseAfterUpload, setParseAfterUpload] = useState(true);
  const queue = useFileQueue(datasetId, parseAfterUpload);
  const guard = useDiscardGuard(queue, () => setOpen(false));

  return (
    <DialogFrame
      open={open}
      onOpenChange={(e) => (e.open ? setOpen(true) : guard.requestClose())}
      size="lg"
      placement="center"
      trigger={
        <Button colorPalette="teal">
          <Plus /> {t("docs.add")}
        </Button>
      }
      title={t("upload.title")}
      footer={
        <Button variant="outline" onClick={guard.requestClose}>
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
          <LocalFilesTab queue={queue}>
            <SettingSwitch
              name="parse_after_upload"
              label={t("upload.parseAfter")}
              hint={t("upload.parseAfterHint")}
              checked={parseAfterUpload}
              onChange={setParseAfterUpload}
            />
          </LocalFilesTab>
        </Tabs.Content>
        <Tabs.Content value="empty">
          <EmptyFileTab datasetId={datasetId} onDone={() => setOpen(false)} />
        </Tabs.Content>
        <Tabs.Content value="web">
          <WebCrawlTab datasetId={datasetId} onDone={() => setOpen(false)} />
        </Tabs.Content>
      </Tabs.Root>
      {guard.dialog}
    </DialogFrame>
  );
};
