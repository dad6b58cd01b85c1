import { Box, Button, CloseButton, HStack, Progress, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Upload } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_FILE_MAX_BYTES, UPLOAD_MAX_FILES } from "../../../worker/contract/limits";
import { formatFileSize } from "../../lib/file-size";
import type { useFileQueue } from "./use-file-queue";

const MB = UPLOAD_FILE_MAX_BYTES / 1024 / 1024;

export const LocalFilesTab = ({ queue }: { queue: ReturnType<typeof useFileQueue> }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    queue.add([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="4">
      <Box
        asChild
        onClick={() => input.current?.click()}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? "brand.solid" : "border"}
        bg={dragging ? "brand.subtle" : "bg.subtle"}
        rounded="lg"
        p="8"
        textAlign="center"
        cursor="pointer"
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
        data-testid="dropzone"
      >
        <button type="button">
        <Stack align="center" gap="2">
          <Upload aria-hidden />
          <Text fontWeight="medium">{t("upload.dropzone")}</Text>
          <Text fontSize="xs" color="fg.muted">
            {t("upload.limits", { files: UPLOAD_MAX_FILES, mb: MB })}
          </Text>
        </Stack>
        </button>
      </Box>
      <VisuallyHidden>
        <input
          ref={input}
          type="file"
          multiple
          aria-label={t("upload.dropzone")}
          data-testid="file-input"
          onChange={(e) => {
            queue.add([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
      </VisuallyHidden>
      {queue.tooMany && (
        <Text color="fg.error" role="alert">
          {t("upload.tooMany", { files: UPLOAD_MAX_FILES })}
        </Text>
      )}
      <Stack as="ul" gap="2" listStyleType="none" maxH="64" overflowY="auto">
        {queue.files.map((item) => (
          <HStack as="li" key={item.key} gap="3" borderWidth="1px" rounded="md" px="3" py="2" data-testid="upload-item">
            <Stack flex="1" minW="0" gap="1">
              <HStack justify="space-between" gap="2">
                <Text fontSize="sm" truncate title={item.file.name}>
                  {item.file.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" flexShrink="0">
                  {formatFileSize(item.file.size)}
                </Text>
              </HStack>
              {(item.state === "uploading" || item.state === "done") && (
                <Progress.Root value={Math.round(item.progress * 100)} size="xs" colorPalette={item.state === "done" ? "green" : "teal"} aria-label={item.file.name}>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
              {item.state === "done" && (
                <Text fontSize="xs" color="fg.success">
                  {t("upload.done")}
                </Text>
              )}
              {item.error && (
                <Text fontSize="xs" color="fg.error" role="alert">
                  {"key" in item.error ? t(item.error.key, { name: item.file.name, mb: MB }) : `${t("upload.failed")}: ${item.error.text}`}
                </Text>
              )}
            </Stack>
            {item.state !== "uploading" && item.state !== "done" && (
              <CloseButton size="xs" aria-label={t("upload.remove", { name: item.file.name })} onClick={() => queue.remove(item.key)} />
            )}
          </HStack>
        ))}
      </Stack>
      {queue.files.length > 0 && (
        <Button alignSelf="end" colorPalette="teal" onClick={() => void queue.start()} loading={queue.running} loadingText={t("upload.uploading")} disabled={!queue.uploadable}>
          {t("upload.start")}
        </Button>
      )}
    </Stack>
  );
};
