import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { RetrievalResult, RetrievalSchema } from "../../worker/contract/retrieval";
import { type Body, requestData } from "./client";

// One retrieval test as the testing page sends it.
export type RetrievalParams = Body<typeof RetrievalSchema>;

export const retrievalKeys = {
  all: ["retrieval"] as const,
  // `run` counts the clicks on "Test", so testing the same question again asks the server again
  search: (params: RetrievalParams, run = 0) => [...retrievalKeys.all, "search", params, run] as const,
};

export const fetchRetrieval = (params: RetrievalParams, signal?: AbortSignal) =>
  requestData<RetrievalResult>("/retrieval", {
    method: "POST",
    body: { ...params, rerank_id: params.rerank_id || undefined },
    signal,
  });

export const retrievalQueryOptions = (params: RetrievalParams, run = 0) =>
  queryOptions({
    queryKey: retrievalKeys.search(params, run),
    queryFn: ({ signal }) => fetchRetrieval(params, signal),
    placeholderData: keepPreviousData,
    // a test result stays as it was until the user tests again
    staleTime: Number.POSITIVE_INFINITY,
  });

const IDLE: RetrievalParams = {
  question: "",
  dataset_ids: [],
  document_ids: [],
  page: 1,
  page_size: 10,
  similarity_threshold: 0.2,
  vector_similarity_weight: 0.3,
  keyword_similarity_weight: 0.7,
  top_k: 1024,
  highlight: true,
};

// Runs only once there is something to test (params !== null).
export const useRetrievalQuery = (params: RetrievalParams | null, run = 0) =>
  useQuery({ ...retrievalQueryOptions(params ?? IDLE, run), enabled: params !== null });
