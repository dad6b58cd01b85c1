import { Alert, Button } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../components/page-loader";
import { ChunkLoadError } from "../../lib/load-chunk";
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

// The viewer's code did not arrive (network gone, 120 s passed, or a new release replaced the files): a reload
// fetches it again.
const ChunkLoadFailed = () => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert" mb="3">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t("preview.chunkLoadError")}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
        {t("preview.reload")}
      </Button>
    </Alert.Root>
  );
};

// The spinner, the "cannot read" message or the viewer for a blob that is being decoded or converted.
export const ReadState = <T,>({ read, children }: { read: BlobRead<T>; children: (data: T) => ReactNode }) => {
  if (read.status === "pending") return <PageLoader />;
  if (read.status === "error") return read.error instanceof ChunkLoadError ? <ChunkLoadFailed /> : <ReadError />;
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
