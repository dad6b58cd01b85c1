import { Alert, Button, VStack } from "@chakra-ui/react";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CHUNK_LOAD_TIMEOUT_MS } from "../config";
import { ChunkLoadError } from "../lib/load-chunk";
import { errorMessage } from "./notify";

const CHUNK_LOAD =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export const chunkUrlOf = (message: string) => message.match(/https?:\/\/\S+|\/assets\/\S+/)?.[0] ?? "";

// What failed to load, for the catalogue's "loading chunk failed, with type and address": Vite reports a
// stylesheet as "Unable to preload CSS for /assets/….css".
export const chunkTypeOf = (message: string) =>
  /Unable to preload CSS|\.css\b/i.test(message) ? "stylesheet" : "script";

// Route errors: a failed code-split chunk gets its own message and a reload button.
export const RouteError = ({ error, reset }: ErrorComponentProps) => {
  const { t } = useTranslation();
  const timedOut = error instanceof ChunkLoadError && error.reason === "timeout";
  const isChunk = error instanceof ChunkLoadError || (error instanceof Error && CHUNK_LOAD.test(error.message));
  return (
    <VStack p="8" align="stretch" maxW="2xl" mx="auto" role="alert">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t("common.requestError")}</Alert.Title>
          <Alert.Description>
            {timedOut
              ? t("common.chunkLoadTimeout", { seconds: CHUNK_LOAD_TIMEOUT_MS / 1000 })
              : isChunk
                ? t("common.chunkLoadError", {
                    type: t(`common.chunkTypes.${chunkTypeOf(error.message)}`),
                    url: chunkUrlOf(error.message),
                  })
                : errorMessage(error)}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button alignSelf="start" variant="outline" onClick={() => (isChunk ? window.location.reload() : reset())}>
        {isChunk ? t("common.chunkLoadReload") : t("common.retry")}
      </Button>
    </VStack>
  );
};

// Inline error for a failed query inside a page, with a retry button.
export const RouteErrorMessage = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t("common.requestError")}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </Alert.Root>
  );
};
