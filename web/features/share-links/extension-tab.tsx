import { Alert, Button, List, Stack, Text } from "@chakra-ui/react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buildExtensionZip, extensionFileName } from "./chrome-extension";
import { saveBlob } from "../../lib/save-blob";

type Props = { name: string; url: string; color: string; restricted: boolean };

// A Chrome extension built here in the browser: the chat in Chrome's side panel.
export const ExtensionTab = ({ name, url, color, restricted }: Props) => {
  const { t } = useTranslation();
  const download = () => {
    const zip = buildExtensionZip({
      name,
      url,
      color,
      description: t("share.extension.description", { name }),
      readme: t("share.extension.readme", { name, url }),
    });
    saveBlob(new Blob([zip], { type: "application/zip" }), extensionFileName(name));
  };
  const steps = [
    t("share.extension.step1"),
    t("share.extension.step2"),
    t("share.extension.step3"),
    t("share.extension.step4"),
    t("share.extension.step5"),
  ];
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t("share.extension.intro")}
      </Text>
      {restricted && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t("share.extension.restricted")}</Alert.Description>
        </Alert.Root>
      )}
      <Button alignSelf="start" colorPalette="teal" onClick={download}>
        <Download /> {t("share.extension.download")}
      </Button>
      <List.Root as="ol" ps="5" gap="1" fontSize="sm">
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
};
