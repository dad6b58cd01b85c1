import { Button, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogFrame } from "../../components/dialog-frame";

const acceptedKey = (chatId: string) => `buddy-share-disclaimer:${chatId}`;

const wasAccepted = (chatId: string) => {
  try {
    return localStorage.getItem(acceptedKey(chatId)) === "1";
  } catch {
    return false;
  }
};

// Whether the visitor still has to accept the assistant's notice; accepted once per browser.
export const useDisclaimer = (chatId: string, shown: boolean) => {
  const [accepted, setAccepted] = useState(() => !shown || wasAccepted(chatId));
  const accept = () => {
    try {
      localStorage.setItem(acceptedKey(chatId), "1");
    } catch {
      // storage blocked: asked again on the next visit
    }
    setAccepted(true);
  };
  return { accepted, accept };
};

// The notice blocks the chat until accepted; Escape or a click outside does not dismiss it.
export const DisclaimerDialog = ({ title, text, onAccept }: { title: string; text: string; onAccept(): void }) => {
  const { t } = useTranslation();
  return (
    <DialogFrame
      open
      role="alertdialog"
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      content={{ "data-testid": "disclaimer", mx: "3" }}
      title={title || t("share.disclaimer.title")}
      footer={
        <Button colorPalette="teal" onClick={onAccept}>
          {t("share.disclaimer.accept")}
        </Button>
      }
    >
      <Text whiteSpace="pre-wrap">{text}</Text>
    </DialogFrame>
  );
};
