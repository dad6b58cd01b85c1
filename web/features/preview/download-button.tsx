import { Button, type ButtonProps } from "@chakra-ui/react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { saveBlob } from "../../lib/save-blob";

type Props = Omit<ButtonProps, "onClick"> & { blob: Blob | undefined; name: string };

// Saves the already fetched bytes; disabled until they are there.
export const DownloadButton = ({ blob, name, ...buttonProps }: Props) => {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="outline" disabled={!blob} onClick={() => blob && saveBlob(blob, name)} {...buttonProps}>
      <Download /> {t("preview.download")}
    </Button>
  );
};
