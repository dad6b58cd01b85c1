import { Button } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { type SearchApp, searchShareUrl } from "../../api/searches";
import { DialogFrame } from "../../components/dialog-frame";
import { LinkAndEmbed } from "../share-links/link-and-embed";
import { ShareLinksSection } from "../share-links/share-links-section";

// A search app's share links, managed like an assistant's (name, allowed sites, limits, delete), with the chosen
// link's address and the iframe that embeds it.
export const ShareSearchDialog = ({ app, onClose }: { app: SearchApp; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  return (
    <DialogFrame
      open
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
      content={{ "data-testid": "search-share-dialog" }}
      title={t("search.shareDialog.title")}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t("common.close")}
        </Button>
      }
    >
      <ShareLinksSection target={{ kind: "search", id: app.id }} hint={t("search.shareDialog.body")}>
        {(link) => (
          <LinkAndEmbed
            key={link.id}
            url={searchShareUrl(window.location.origin, app, link.token, {
              locale: i18n.language === "en" ? "en" : "de",
            })}
            linkLabel={t("search.shareDialog.link")}
            embedLabel={t("search.shareDialog.embed")}
          />
        )}
      </ShareLinksSection>
    </DialogFrame>
  );
};
