import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ShareToken } from "../../../../worker/contract/share";
import { requestData } from "../../../api/client";
import { agentShareUrl } from "../../../api/shared-agents";
import { CopyField } from "../../../components/copy-field";
import { FormField } from "../../../components/form-field";
import { notifyError } from "../../../components/notify";

// A share link for visitors (no sign-in) and the iframe that embeds it.
export const ShareLinkSection = ({ agentId }: { agentId: string }) => {
  const { t } = useTranslation();
  const create = useMutation({ mutationFn: () => requestData<ShareToken>(`/agents/${agentId}/share-tokens`, { body: {} }) });
  const url = create.data ? agentShareUrl(window.location.origin, agentId, create.data.token) : null;
  return (
    <Stack gap="3" data-testid="agent-share">
      <Heading as="h3" size="sm">
        {t("agents.share.title")}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t("agents.share.hint")}
      </Text>
      {url ? (
        <>
          <FormField label={t("agents.share.link")}>
            <CopyField value={url} label={t("agents.share.link")} />
          </FormField>
          <FormField label={t("agents.share.embed")}>
            <CopyField value={`<iframe src="${url}" style="width:100%;height:100%;min-height:600px" frameborder="0"></iframe>`} label={t("agents.share.embed")} />
          </FormField>
        </>
      ) : (
        <Button alignSelf="start" size="sm" variant="outline" loading={create.isPending} onClick={() => create.mutate(undefined, { onError: notifyError })}>
          <Link2 /> {t("agents.share.create")}
        </Button>
      )}
    </Stack>
  );
};
