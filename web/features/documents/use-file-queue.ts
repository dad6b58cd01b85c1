import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isUploadable } from "../../../worker/contract/documents";
import { UPLOAD_FILE_MAX_BYTES, UPLOAD_MAX_FILES } from "../../../worker/contract/limits";
import { datasetKeys } from "../../api/datasets";
import { documentKeys } from "../../api/documents";
import { uploadFile } from "../../api/upload";
import { errorMessage } from "../../components/notify";

export type QueuedFile = {
  key: string;
  file: File;
  progress: number;
  state: "ready" | "invalid" | "uploading" | "done" | "failed";
  error?: { key: "upload.tooLarge" | "upload.badType" } | { text: string };
};

const CONCURRENCY = 3;

// Files are checked against the shared limits before anything is sent.
const check = (file: File): QueuedFile["error"] => {
  if (!isUploadable(file.name)) return { key: "upload.badType" };
  if (file.size > UPLOAD_FILE_MAX_BYTES) return { key: "upload.tooLarge" };
  return undefined;
};

export const useFileQueue = (datasetId: string) => {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [running, setRunning] = useState(false);
  const tooMany = files.filter((f) => f.state !== "invalid").length > UPLOAD_MAX_FILES;

  const update = (key: string, changes: Partial<QueuedFile>) =>
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...changes } : f)));

  const add = (incoming: File[]) =>
    setFiles((current) => [
      ...current,
      ...incoming.map((file): QueuedFile => {
        const error = check(file);
        return { key: `${file.name}-${file.size}-${crypto.randomUUID()}`, file, progress: 0, state: error ? "invalid" : "ready", error };
      }),
    ]);

  const remove = (key: string) => setFiles((current) => current.filter((f) => f.key !== key));

  const start = async () => {
    const pending = files.filter((f) => f.state === "ready" || f.state === "failed");
    setRunning(true);
    const work = [...pending];
    const worker = async () => {
      for (let next = work.shift(); next; next = work.shift()) {
        const { key, file } = next;
        update(key, { state: "uploading", progress: 0, error: undefined });
        try {
          await uploadFile(datasetId, file, (progress) => update(key, { progress }));
          update(key, { state: "done", progress: 1 });
        } catch (error) {
          update(key, { state: "failed", error: { text: errorMessage(error) } });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    setRunning(false);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all(datasetId) }),
      queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
    ]);
  };

  const reset = () => setFiles([]);
  const uploadable = files.some((f) => f.state === "ready" || f.state === "failed") && !tooMany;
  const finished = files.length > 0 && files.every((f) => f.state === "done" || f.state === "invalid");
  return { files, add, remove, start, reset, running, tooMany, uploadable, finished };
};
