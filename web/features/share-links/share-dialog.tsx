import { useTranslation } from "react-i18next";
import type { Chat } from "../../api/chats";
import { ViewDialog } from "../../components/view-dialog";
import { EmbedPanel } from "./embed-panel";
import { ShareLinksSection } from "./share-links-section";

type Props = { chat: Chat; onClose(): void };

// "Share & embed": the assistant's share links and, for the chosen one, the embed codes and a preview.
export const ShareDialog = ({ chat, onClose }: Props) => {
  const { t } = useTranslation();
  return (
    <ViewDialog title={t("share.dialog.title", { name: chat.name })} size="xl" testId="share-dialog" onClose={onClose}>
      <ShareLinksSection target={{ kind: "chat", id: chat.id }} hint={t("share.links.hint")}>
        {(link) => <EmbedPanel key={link.id} chat={chat} link={link} />}
      </ShareLinksSection>
    </ViewDialog>
  );
};
