import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { FileEntry, FileListing, LinkedDataset, S3Listing } from "../../worker/contract/files";
import { API_BASE, requestData } from "./client";
import { datasetKeys } from "./datasets";
import { uploadMultipart } from "./upload";

export type FileListParams = {
  parentId?: string;
  page: number;
  pageSize: number;
  keywords?: string;
  orderby: "create_time" | "update_time" | "name" | "size" | "type";
  desc: boolean;
};
export type S3Connection = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export const fileKeys = {
  all: ["files"] as const,
  list: (params: FileListParams) => [...fileKeys.all, "list", params] as const,
  folders: (parentId: string | undefined) => [...fileKeys.all, "folders", parentId ?? "root"] as const,
  ancestors: (id: string | undefined) => [...fileKeys.all, "ancestors", id ?? "root"] as const,
};

export const fileDownloadUrl = (id: string) => `${API_BASE}/files/${id}`;

export const filesQueryOptions = (params: FileListParams) =>
  queryOptions({
    queryKey: fileKeys.list(params),
    queryFn: () =>
      requestData<FileListing>("/files", {
        query: {
          parent_id: params.parentId,
          page: params.page,
          page_size: params.pageSize,
          keywords: params.keywords || undefined,
          orderby: params.orderby,
          desc: params.desc,
        },
      }),
    placeholderData: keepPreviousData,
  });

// The folder picker's children of one folder (folders come first, so one page of 100 holds them).
export const foldersQueryOptions = (parentId: string | undefined) =>
  queryOptions({
    queryKey: fileKeys.folders(parentId),
    queryFn: async () => {
      const listing = await requestData<FileListing>("/files", {
        query: { parent_id: parentId, page_size: 100, orderby: "name", desc: false },
      });
      return {
        root: listing.parent_folder,
        folders: listing.files.filter((file) => file.type === "folder" && !file.readonly),
      };
    },
  });

export const ancestorsQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: fileKeys.ancestors(id),
    enabled: Boolean(id),
    queryFn: async () => (await requestData<{ parent_folders: FileEntry[] }>(`/files/${id}/ancestors`)).parent_folders,
  });

export const uploadToFolder = (
  file: File,
  path: string,
  parentId: string | undefined,
  onProgress: (fraction: number) => void,
) => uploadMultipart<FileEntry[]>("/files", file, onProgress, parentId ? { parent_id: parentId } : {}, path);

const useFilesMutation = <I, O>(mutationFn: (input: I) => Promise<O>, alsoDatasets = false) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fileKeys.all }),
        alsoDatasets ? queryClient.invalidateQueries({ queryKey: datasetKeys.all }) : null,
        alsoDatasets ? queryClient.invalidateQueries({ queryKey: ["documents"] }) : null,
      ]),
  });
};

export const useCreateFolderMutation = () =>
  useFilesMutation(({ name, parentId }: { name: string; parentId?: string }) =>
    requestData<FileEntry>("/files", { body: { name, parentId, type: "folder" } }),
  );

export const useDeleteFilesMutation = () =>
  useFilesMutation(
    (ids: string[]) => requestData<{ success_count: number }>("/files", { method: "DELETE", body: { ids } }),
    true,
  );

export const useMoveFilesMutation = () =>
  useFilesMutation(
    ({ ids, destinationId, newName }: { ids: string[]; destinationId?: string; newName?: string }) =>
      requestData<FileEntry[]>("/files/move", { body: { srcFileIds: ids, destFileId: destinationId, newName } }),
    true,
  );

export const useLinkFilesMutation = () =>
  useFilesMutation(
    ({ fileIds, datasetIds }: { fileIds: string[]; datasetIds: string[] }) =>
      requestData<{ linked: { file_id: string; kb_id: string; doc_id: string }[]; skipped: string[] }>(
        "/files/link-to-datasets",
        { body: { fileIds, kbIds: datasetIds } },
      ),
    true,
  );

export const useUnlinkMutation = () =>
  useFilesMutation(
    (link: LinkedDataset) =>
      requestData(`/datasets/${link.kb_id}/documents`, { method: "DELETE", body: { ids: [link.doc_id] } }),
    true,
  );

export const useImportWebMutation = () =>
  useFilesMutation((input: { url: string; parentId?: string; maxDepth: number; maxPages: number }) =>
    requestData<{ files: FileEntry[]; skipped: string[] }>("/files/import/web", { body: input }),
  );

export const listS3 = (connection: S3Connection, prefix: string, continuationToken?: string) =>
  requestData<S3Listing>("/files/import/s3/list", { body: { ...connection, prefix, continuationToken } });

export const useImportS3Mutation = () =>
  useFilesMutation((input: S3Connection & { parentId?: string; keys: string[] }) =>
    requestData<FileEntry[]>("/files/import/s3", { body: input }),
  );
