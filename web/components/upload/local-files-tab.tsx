import { Box, Button, CloseButton, HStack, Progress, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { FolderUp, Upload } from "lucide-react";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_FILE_MAX_BYTES, UPLOAD_MAX_FILES } from "../../../worker/contract/limits";
import { formatFileSize } from "../../lib/file-size";
import { droppedFiles } from "./dropped-files";
import type { UploadQueue } from "./use-upload-queue";

const MB = UPLOAD_FILE_MAX_BYTES / 1024 / 1024;

// Drop zone, file (and, with `folders`, folder) pickers and the queue with a progress bar per file.
export const LocalFilesTab = ({
  queue,
  folders = false,
  limitsKey = "upload.limits",
  children,
}: {
  queue: UploadQueue;
  folders?: boolean;
  limitsKey?: "upload.limits" | "files.limits";
  // options of the target, shown above the upload button
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void droppedFiles(event.dataTransfer).then((dropped) =>
      queue.add(folders ? dropped : dropped.map(({ file }) => ({ file, path: file.name }))),
    );
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
              {t(limitsKey, { files: UPLOAD_MAX_FILES, mb: MB })}
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
            queue.add([...(e.target.files ?? [])].map((file) => ({ file, path: file.name })));
            e.target.value = "";
          }}
        />
        {folders && (
          <input
            ref={folderInput}
            type="file"
            multiple
            {...{ webkitdirectory: "" }}
            aria-label={t("upload.chooseFolder")}
            data-testid="folder-input"
            onChange={(e) => {
              queue.add([...(e.target.files ?? [])].map((file) => ({ file })));
              e.target.value = "";
            }}
          />
        )}
      </VisuallyHidden>
      {folders && (
        <Button alignSelf="start" variant="outline" size="sm" onClick={() => folderInput.current?.click()}>
          <FolderUp /> {t("upload.chooseFolder")}
        </Button>
      )}
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
                <Text fontSize="sm" truncate title={item.path}>
                  {item.path}
                </Text>
                <Text fontSize="xs" color="fg.muted" flexShrink="0">
                  {formatFileSize(item.file.size)}
                </Text>
              </HStack>
              {(item.state === "uploading" || item.state === "done") && (
                <Progress.Root
                  value={Math.round(item.progress * 100)}
                  size="xs"
                  colorPalette={item.state === "done" ? "green" : "teal"}
                  aria-label={item.file.name}
                >
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
                  {"key" in item.error
                    ? t(item.error.key, { name: item.file.name, mb: MB })
                    : `${t("upload.failed")}: ${item.error.text}`}
                </Text>
              )}
            </Stack>
            {item.state !== "uploading" && item.state !== "done" && (
              <CloseButton
                size="xs"
                aria-label={t("upload.remove", { name: item.file.name })}
                onClick={() => queue.remove(item.key)}
              />
            )}
          </HStack>
        ))}
      </Stack>
      {children}
      {queue.files.length > 0 && (
        <Button
          alignSelf="end"
          colorPalette="teal"
          onClick={() => void queue.start()}
          loading={queue.running}
          loadingText={t("upload.uploading")}
          disabled={!queue.uploadable}
        >
          {t("upload.start")}
        </Button>
      )}
    </Stack>
  );
};
