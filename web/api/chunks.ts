import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  Chunk,
  CreateChunkSchema,
  DeleteChunksSchema,
  SwitchChunksSchema,
  UpdateChunkSchema,
} from "../../worker/contract/chunks";
import type { DatasetDocument } from "../../worker/contract/documents";
import { type Body, requestData } from "./client";
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

export const createChunk = (datasetId: string, documentId: string, fields: Body<typeof CreateChunkSchema>) =>
  requestData<{ chunk: Chunk }>(base(datasetId, documentId), { body: fields });

export const useCreateChunkMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: (fields: Body<typeof CreateChunkSchema>) => createChunk(datasetId, documentId, fields),
    onSuccess: invalidate,
  });
};

export const useUpdateChunkMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: Body<typeof UpdateChunkSchema> }) =>
      requestData<boolean>(`${base(datasetId, documentId)}/${id}`, { method: "PATCH", body: fields }),
    onSuccess: invalidate,
  });
};

export const useSwitchChunksMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: ({ ids, available }: { ids: string[]; available: boolean }) =>
      requestData<boolean>(base(datasetId, documentId), {
        method: "PATCH",
        body: { chunk_ids: ids, available } satisfies Body<typeof SwitchChunksSchema>,
      }),
    onSuccess: invalidate,
  });
};

export const useDeleteChunksMutation = (datasetId: string, documentId: string) => {
  const invalidate = useInvalidate(datasetId, documentId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      requestData<{ success_count: number }>(base(datasetId, documentId), {
        method: "DELETE",
        body: { chunk_ids: ids } satisfies Body<typeof DeleteChunksSchema>,
      }),
    onSuccess: invalidate,
  });
};

// One chunk in RAGFlow's stored-field names (GET …/chunks/{id}): what a citation opens the document at.
// position_int: [page, left, right, top, bottom] per PDF region (absent or [] for other formats and older chunks)
export type StoredChunk = {
  id: string;
  content_with_weight: string;
  page_num_int: number[];
  position_int?: number[][];
};

export const storedChunkQueryOptions = (datasetId: string, documentId: string, chunkId: string) =>
  queryOptions({
    queryKey: [...chunkKeys.all(documentId), "stored", chunkId] as const,
    queryFn: () => requestData<StoredChunk>(`${base(datasetId, documentId)}/${encodeURIComponent(chunkId)}`),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
