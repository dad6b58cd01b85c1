import { useQuery } from "@tanstack/react-query";
import { fetchFileBlob } from "../../lib/save-blob";
import { fileNameFromDisposition } from "./content-disposition";

export type DownloadedFile = { blob: Blob; name: string };

const lastPathSegment = (url: string) => decodeURIComponent(url.split("?")[0]?.split("/").pop() ?? "");

const downloadFile = async (url: string, name: string | undefined, signal: AbortSignal): Promise<DownloadedFile> => {
  const { blob, disposition } = await fetchFileBlob(url, signal);
  return { blob, name: name || fileNameFromDisposition(disposition) || lastPathSegment(url) };
};

// The file's bytes, fetched with the session token. Kept while the preview is open; the retry is the user's.
export const useFileDownload = (url: string, name?: string) =>
  useQuery({
    queryKey: ["file-preview", url, name ?? ""],
    queryFn: ({ signal }) => downloadFile(url, name, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
