import { Button, Dialog, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Rocket } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { agentVersionsQueryOptions, latestRelease, useReleaseAgentMutation } from "../../../api/agent-versions";
import { DialogFrame } from "../../../components/dialog-frame";
import { notifyError, notifySuccess } from "../../../components/notify";
import { formatDateTime } from "../../../lib/format";

type Props = {
  agentId: string;
  // saves pending edits first, so that what is published is what the canvas shows
  beforeRelease: () => Promise<boolean>;
};

// "Publish": after a confirmation, the saved flow becomes the published version that run_buddy (MCP) runs.
export const ReleaseButton = ({ agentId, beforeRelease }: Props) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const versions = useQuery(agentVersionsQueryOptions(agentId));
  const release = useReleaseAgentMutation(agentId);
  const published = latestRelease(versions.data);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      if (!(await beforeRelease())) return;
      await release.mutateAsync();
      const refreshed = await versions.refetch();
      const now = latestRelease(refreshed.data);
      notifySuccess(t("agentTriggers.versions.releaseDone", { date: formatDateTime(now?.create_time) }));
      setOpen(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      role="alertdialog"
      placement="center"
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      title={t("agentTriggers.versions.releaseTitle")}
      content={{ "data-testid": "release-dialog" }}
      trigger={
        <Button
          size="sm"
          variant="ghost"
          title={
            published
              ? t("agentTriggers.versions.releaseCurrent", { date: formatDateTime(published.create_time) })
              : t("agentTriggers.versions.releaseNone")
          }
        >
          <Rocket /> {t("agentTriggers.versions.release")}
        </Button>
      }
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">{t("common.cancel")}</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="teal" loading={busy} onClick={() => void confirm()}>
            {t("agentTriggers.versions.release")}
          </Button>
        </>
      }
    >
      <Stack gap="2">
        <Text>{t("agentTriggers.versions.releaseBody")}</Text>
        <Text color="fg.muted" data-testid="release-current">
          {published
            ? t("agentTriggers.versions.releaseCurrent", { date: formatDateTime(published.create_time) })
            : t("agentTriggers.versions.releaseNone")}
        </Text>
      </Stack>
    </DialogFrame>
  );
};
