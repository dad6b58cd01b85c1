import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreateFileSchema,
  DeleteFilesSchema,
  FileEntry,
  FileListing,
  ImportS3Schema,
  ImportWebSchema,
  LinkedDataset,
  LinkFilesSchema,
  ListS3Schema,
  MoveFilesSchema,
  S3Listing,
} from "../../worker/contract/files";
import type { DeleteByIdsSchema } from "../../worker/contract/datasets";
import { API_BASE, type Body, requestData, upload } from "./client";
import { datasetKeys } from "./datasets";

export type FileListParams = {
  parentId?: string;
  page: number;
  pageSize: number;
  keywords?: string;
  orderby: "create_time" | "update_time" | "name" | "size" | "type";
  desc: boolean;
};
export type S3Connection = Omit<Body<typeof ListS3Schema>, "prefix" | "continuation_token">;

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
) => {
  const form = new FormData();
  if (parentId) form.append("parent_id", parentId);
  form.append("file", file, path);
  return upload<FileEntry[]>("/files", form, onProgress);
};

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
    requestData<FileEntry>("/files", {
      body: { name, parent_id: parentId, type: "folder" } satisfies Body<typeof CreateFileSchema>,
    }),
  );

export const useDeleteFilesMutation = () =>
  useFilesMutation(
    (ids: string[]) =>
      requestData<{ success_count: number }>("/files", {
        method: "DELETE",
        body: { ids } satisfies Body<typeof DeleteFilesSchema>,
      }),
    true,
  );

export const useMoveFilesMutation = () =>
  useFilesMutation(
    ({ ids, destinationId, newName }: { ids: string[]; destinationId?: string; newName?: string }) =>
      requestData<FileEntry[]>("/files/move", {
        body: { src_file_ids: ids, dest_file_id: destinationId, new_name: newName } satisfies Body<
          typeof MoveFilesSchema
        >,
      }),
    true,
  );

export const useLinkFilesMutation = () =>
  useFilesMutation(
    ({ fileIds, datasetIds }: { fileIds: string[]; datasetIds: string[] }) =>
      requestData<{ linked: { file_id: string; kb_id: string; doc_id: string }[]; skipped: string[] }>(
        "/files/link-to-datasets",
        { body: { file_ids: fileIds, kb_ids: datasetIds } satisfies Body<typeof LinkFilesSchema> },
      ),
    true,
  );

export const useUnlinkMutation = () =>
  useFilesMutation(
    (link: LinkedDataset) =>
      requestData(`/datasets/${link.kb_id}/documents`, {
        method: "DELETE",
        body: { ids: [link.doc_id] } satisfies Body<typeof DeleteByIdsSchema>,
      }),
    true,
  );

export const useImportWebMutation = () =>
  useFilesMutation((input: Body<typeof ImportWebSchema>) =>
    requestData<{ files: FileEntry[]; skipped: string[] }>("/files/import/web", { body: input }),
  );

export const listS3 = (connection: S3Connection, prefix: string, continuationToken?: string) =>
  requestData<S3Listing>("/files/import/s3/list", {
    body: { ...connection, prefix, continuation_token: continuationToken } satisfies Body<typeof ListS3Schema>,
  });

export const useImportS3Mutation = () =>
  useFilesMutation((input: Body<typeof ImportS3Schema>) =>
    requestData<FileEntry[]>("/files/import/s3", { body: input }),
  );
