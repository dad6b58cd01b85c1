import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MetadataSummary, MetadataUpdateInput } from "../../worker/contract/dataset-metadata";
import type { DeleteByIdsSchema } from "../../worker/contract/datasets";
import type {
  CreateEmptyDocumentSchema,
  DatasetDocument,
  ParseDocumentsSchema,
  RunStatus,
  UpdateDocumentSchema,
} from "../../worker/contract/documents";
import { API_BASE, type Body, requestData, upload } from "./client";
import { datasetKeys } from "./datasets";
import { downloadWithAuth } from "../lib/save-blob";

export type DocumentListParams = { page: number; pageSize: number; keywords?: string; run?: RunStatus[] };

export const documentKeys = {
  all: (datasetId: string) => ["documents", datasetId] as const,
  list: (datasetId: string, params: DocumentListParams) => [...documentKeys.all(datasetId), "list", params] as const,
};

const hasActiveWork = (docs: DatasetDocument[]) => docs.some((doc) => doc.run === "RUNNING");

export const documentsQueryOptions = (datasetId: string, params: DocumentListParams) =>
  queryOptions({
    queryKey: documentKeys.list(datasetId, params),
    queryFn: () =>
      requestData<{ total: number; docs: DatasetDocument[] }>(`/datasets/${datasetId}/documents`, {
        query: {
          page: params.page,
          page_size: params.pageSize,
          keywords: params.keywords || undefined,
          run: params.run,
        },
      }),
    placeholderData: keepPreviousData,
    // while something is parsing or crawling, keep the progress moving
    refetchInterval: (query) => (query.state.data && hasActiveWork(query.state.data.docs) ? 2000 : false),
  });

const useInvalidate = (datasetId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all(datasetId) }),
      queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
    ]);
};

export type DocumentChanges = Body<typeof UpdateDocumentSchema>;

export const useUpdateDocumentMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: DocumentChanges }) =>
      requestData<DatasetDocument>(`/datasets/${datasetId}/documents/${id}`, { method: "PATCH", body: changes }),
    onSuccess: invalidate,
  });
};

// the user's field names go as they are
export const useSetDocumentMetaMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: ({ id, meta }: { id: string; meta: Record<string, unknown> }) =>
      requestData<DatasetDocument>(`/datasets/${datasetId}/documents/${id}`, {
        method: "PATCH",
        body: { meta_fields: meta },
      }),
    onSuccess: invalidate,
  });
};

export const useDeleteDocumentsMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      requestData<{ deleted: number }>(`/datasets/${datasetId}/documents`, {
        method: "DELETE",
        body: { ids } satisfies Body<typeof DeleteByIdsSchema>,
      }),
    onSuccess: invalidate,
  });
};

export const createEmptyDocument = (datasetId: string, name: string) =>
  requestData<DatasetDocument[]>(`/datasets/${datasetId}/documents`, {
    query: { type: "empty" },
    body: { name } satisfies Body<typeof CreateEmptyDocumentSchema>,
  });

export const useCreateEmptyDocumentMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: (name: string) => createEmptyDocument(datasetId, name),
    onSuccess: invalidate,
  });
};

export const useCrawlMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: (values: { name: string; url: string; maxDepth: number; maxPages: number }) => {
      const form = new FormData();
      form.set("name", values.name);
      form.set("url", values.url);
      form.set("max_depth", String(values.maxDepth));
      form.set("max_pages", String(values.maxPages));
      return requestData<DatasetDocument[]>(`/datasets/${datasetId}/documents`, { query: { type: "web" }, body: form });
    },
    onSuccess: invalidate,
  });
};

export const useParseDocumentsMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: ({ ids, deleteChunks }: { ids: string[]; deleteChunks?: boolean }) =>
      requestData<{ success_count: number }>(`/datasets/${datasetId}/documents/parse`, {
        body: { document_ids: ids, delete_chunks: deleteChunks } satisfies Body<typeof ParseDocumentsSchema>,
      }),
    onSuccess: invalidate,
  });
};

export const useStopParsingMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      requestData<{ success_count: number }>(`/datasets/${datasetId}/documents/stop`, {
        body: { document_ids: ids } satisfies Body<typeof ParseDocumentsSchema>,
      }),
    onSuccess: invalidate,
  });
};

export const documentDownloadUrl = (datasetId: string, documentId: string) =>
  `${API_BASE}/datasets/${datasetId}/documents/${documentId}`;

export const downloadDocument = (datasetId: string, doc: DatasetDocument) =>
  downloadWithAuth(documentDownloadUrl(datasetId, doc.id), doc.name);

export const metadataSummaryQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: [...documentKeys.all(datasetId), "metadata-summary"] as const,
    queryFn: () => requestData<MetadataSummary>(`/datasets/${datasetId}/metadata/summary`),
  });

export const useUpdateMetadataMutation = (datasetId: string) => {
  const invalidate = useInvalidate(datasetId);
  return useMutation({
    mutationFn: (edit: Pick<MetadataUpdateInput, "updates" | "deletes">) =>
      requestData<{ updated: number; matched_docs: number }>(`/datasets/${datasetId}/metadata/update`, {
        method: "POST",
        body: edit,
      }),
    onSuccess: invalidate,
  });
};

export const uploadFile = (datasetId: string, file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.append("file", file, file.name);
  return upload<DatasetDocument[]>(`/datasets/${datasetId}/documents`, form, onProgress);
};
