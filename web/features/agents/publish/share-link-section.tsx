import { Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { agentShareUrl } from "../../../api/shared-agents";
import { CopyField } from "../../../components/copy-field";
import { FormField } from "../../../components/form-field";
import { ShareLinksSection } from "../../chat/share-dialog/share-links-section";

// Share links for visitors (no sign-in), managed like an assistant's, and the iframe that embeds the chosen one.
export const ShareLinkSection = ({ agentId }: { agentId: string }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="agent-share">
      <ShareLinksSection target={{ kind: "agent", id: agentId }} hint={t("agents.share.hint")}>
        {(link) => {
          const url = agentShareUrl(window.location.origin, agentId, link.token);
          return (
            <Stack gap="3" key={link.id}>
              <FormField label={t("agents.share.link")}>
                <CopyField value={url} label={t("agents.share.link")} />
              </FormField>
              <FormField label={t("agents.share.embed")}>
                <CopyField value={`<iframe src="${url}" style="width:100%;height:100%;min-height:600px" frameborder="0"></iframe>`} label={t("agents.share.embed")} />
              </FormField>
            </Stack>
          );
        }}
      </ShareLinksSection>
    </Stack>
  );
};
