import { Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { agentShareUrl } from "../../../api/shared-agents";
import { LinkAndEmbed } from "../../share-links/link-and-embed";
import { ShareLinksSection } from "../../share-links/share-links-section";

// Share links for visitors (no sign-in), managed like an assistant's, and the iframe that embeds the chosen one.
export const ShareLinkSection = ({ agentId }: { agentId: string }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="agent-share">
      <ShareLinksSection target={{ kind: "agent", id: agentId }} hint={t("agents.share.hint")}>
        {(link) => (
          <LinkAndEmbed
            key={link.id}
            url={agentShareUrl(window.location.origin, agentId, link.token)}
            linkLabel={t("agents.share.link")}
            embedLabel={t("agents.share.embed")}
          />
        )}
      </ShareLinksSection>
    </Stack>
  );
};
