import { useState } from "react";
import { UPLOAD_FILE_MAX_BYTES, UPLOAD_MAX_FILES } from "../../../worker/contract/limits";
import i18n from "../../i18n";
import { errorMessage, notifySuccess } from "../notify";

export type QueuedFile = {
  key: string;
  file: File;
  // where the file sits inside a chosen folder ("Berichte/2024/a.pdf"); the name for single files
  path: string;
  progress: number;
  state: "ready" | "invalid" | "uploading" | "done" | "failed";
  error?: { key: "upload.tooLarge" | "upload.badType" | "upload.empty" } | { text: string };
};

export type UploadTarget<R = unknown> = {
  upload: (file: File, path: string, onProgress: (fraction: number) => void) => Promise<R>;
  // a type check of the target on top of the size limit every upload has
  accepts?: (file: File) => boolean;
  // a knowledge base has nothing to parse in a 0-byte file (its server refuses one too)
  refusesEmpty?: boolean;
  // runs once per start with what the successful uploads answered, before the refresh
  afterUpload?: (uploaded: R[]) => Promise<unknown>;
  refresh: () => Promise<unknown>;
};

const CONCURRENCY = 3;

export const relativePath = (file: File) => file.webkitRelativePath || file.name;

// Files are checked against the shared limits before anything is sent; each goes in its own request so
// every one has a progress bar and a failure of one leaves the others.
export const useUploadQueue = <R = unknown>(target: UploadTarget<R>) => {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [running, setRunning] = useState(false);
  const tooMany = files.filter((f) => f.state !== "invalid").length > UPLOAD_MAX_FILES;

  const update = (key: string, changes: Partial<QueuedFile>) =>
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...changes } : f)));

  const check = (file: File): QueuedFile["error"] => {
    if (target.accepts && !target.accepts(file)) return { key: "upload.badType" };
    if (file.size > UPLOAD_FILE_MAX_BYTES) return { key: "upload.tooLarge" };
    if (target.refusesEmpty && file.size === 0) return { key: "upload.empty" };
    return undefined;
  };

  const add = (incoming: { file: File; path?: string }[]) =>
    setFiles((current) => [
      ...current,
      ...incoming.map(({ file, path }): QueuedFile => {
        const error = check(file);
        return {
          key: `${file.name}-${file.size}-${crypto.randomUUID()}`,
          file,
          path: path ?? relativePath(file),
          progress: 0,
          state: error ? "invalid" : "ready",
          error,
        };
      }),
    ]);

  const remove = (key: string) => setFiles((current) => current.filter((f) => f.key !== key));

  const start = async () => {
    const work = files.filter((f) => f.state === "ready" || f.state === "failed");
    setRunning(true);
    const uploaded: R[] = [];
    const worker = async () => {
      for (let next = work.shift(); next; next = work.shift()) {
        const { key, file, path } = next;
        update(key, { state: "uploading", progress: 0, error: undefined });
        try {
          uploaded.push(await target.upload(file, path, (progress) => update(key, { progress })));
          update(key, { state: "done", progress: 1 });
        } catch (error) {
          update(key, { state: "failed", error: { text: errorMessage(error) } });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    setRunning(false);
    if (uploaded.length > 0) {
      notifySuccess(i18n.t("common.toast.uploaded"));
      await target.afterUpload?.(uploaded);
    }
    await target.refresh();
  };

  const reset = () => setFiles([]);
  const uploadable = files.some((f) => f.state === "ready" || f.state === "failed") && !tooMany;
  const finished = files.length > 0 && files.every((f) => f.state === "done" || f.state === "invalid");
  // chosen files that closing the dialog would drop
  const waiting = files.filter((f) => f.state === "ready" || f.state === "failed").length;
  return { files, add, remove, start, reset, running, tooMany, uploadable, finished, waiting };
};

export type UploadQueue = ReturnType<typeof useUploadQueue<unknown>>;
