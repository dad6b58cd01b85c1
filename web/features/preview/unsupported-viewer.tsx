import { EmptyState } from "@chakra-ui/react";
import { FileQuestion } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DownloadButton } from "./download-button";

export const UnsupportedViewer = ({ blob, name }: { blob: Blob; name: string }) => {
  const { t } = useTranslation();
  return (
    <EmptyState.Root borderWidth="1px" rounded="md" bg="app.surface">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <FileQuestion />
        </EmptyState.Indicator>
        <EmptyState.Title>{t("preview.unsupported")}</EmptyState.Title>
        <EmptyState.Description>{t("preview.unsupportedHint")}</EmptyState.Description>
        <DownloadButton blob={blob} name={name} colorPalette="teal" variant="solid" />
      </EmptyState.Content>
    </EmptyState.Root>
  );
};
