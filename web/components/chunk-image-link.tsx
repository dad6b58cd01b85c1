import { Image, Link } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

// A chunk's image (its signed image_url) as a thumbnail that opens full size in a new tab.
export const ChunkImageLink = ({ url, documentName, maxH }: { url: string; documentName: string; maxH: string }) => {
  const { t } = useTranslation();
  return (
    <Link
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={t("common.openImage", { name: documentName })}
      alignSelf="start"
    >
      <Image src={url} alt={documentName} maxH={maxH} maxW="full" rounded="md" borderWidth="1px" />
    </Link>
  );
};
