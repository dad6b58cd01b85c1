import { Alert } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../components/page-loader";
import type { BlobRead } from "./use-blob-read";

export const ReadError = () => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="warning" role="alert" mb="3">
      <Alert.Indicator />
      <Alert.Description>{t("preview.readError")}</Alert.Description>
    </Alert.Root>
  );
};

// The spinner, the "cannot read" message or the viewer for a blob that is being decoded or converted.
export const ReadState = <T,>({ read, children }: { read: BlobRead<T>; children: (data: T) => ReactNode }) => {
  if (read.status === "pending") return <PageLoader />;
  if (read.status === "error") return <ReadError />;
  return children(read.data);
};

export const TruncatedNote = () => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info" size="sm" mb="3">
      <Alert.Indicator />
      <Alert.Description>{t("preview.truncated", { size: "1 MB" })}</Alert.Description>
    </Alert.Root>
  );
};
