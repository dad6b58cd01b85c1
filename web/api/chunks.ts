import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Chunk } from "../../worker/contract/chunks";
import type { DatasetDocument } from "../../worker/contract/documents";
import { requestData } from "./client";
import { datasetKeys } from "./datasets";
import { documentKeys } from "./documents";

export type ChunkFilter = "all" | "enabled" | "disabled";
export type ChunkListParams = { page: number; pageSize: number; keywords?: string; filter: ChunkFilter };

export const chunkKeys = {
  all: (documentId: string) => ["chunks", documentId] as const,
  list: (documentId: string, params: ChunkListParams) => [...chunkKeys.all(documentId), params] as const,
};

const base = (datasetId: string, documentId: string) => `/datasets/${datasetId}/documents/${documentId}/chunks`;

export const chunksQueryOptions = (datasetId: string, documentId: string, params: ChunkListParams) =>
  queryOptions({
    queryKey: chunkKeys.list(documentId, params),
    queryFn: () =>
      requestData<{ chunks: Chunk[]; doc: DatasetDocument; total: number }>(base(datasetId, documentId), {
        query: {
          page: params.page,
          page_size: params.pageSize,
          keywords: params.keywords || undefined,
          available: params.filter === "all" ? undefined : params.filter === "enabled" ? "1" : "0",
        },
      }),
    placeholderData: keepPreviousData,
  });

const useInvalidate = (datasetId: string, documentId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chunkKeys.all(documentId) }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all(datasetId) }),
      queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
    ]);
};

export type ChunkFields = { content?: string; importantKeywords?: string[]; questions?: string[] };

export const createChunk = (datasetId: string, documentId: string, fields: ChunkFields & { content: string }) =>
  requestData<{ chunk: Chunk }>(base(datasetId, documentId), { body: fields });

export const useCreateChunkMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: (fields: ChunkFields & { content: string }) => createChunk(datasetId, documentId, fields),
    onSuccess: invalidate,
  });
};

export const useUpdateChunkMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: ChunkFields }) =>
      requestData<boolean>(`${base(datasetId, documentId)}/${id}`, { method: "PATCH", body: fields }),
    onSuccess: invalidate,
  });
};

export const useSwitchChunksMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: ({ ids, available }: { ids: string[]; available: boolean }) =>
      requestData<boolean>(base(datasetId, documentId), { method: "PATCH", body: { chunkIds: ids, available } }),
    onSuccess: invalidate,
  });
};

export const useDeleteChunksMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      requestData<boolean>(base(datasetId, documentId), { method: "DELETE", body: { chunkIds: ids } }),
    onSuccess: invalidate,
  });
};
