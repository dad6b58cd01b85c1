import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { MetadataCondition } from "../../worker/contract/metadata-condition";
import type { RetrievalResult } from "../../worker/contract/retrieval";
import { requestData } from "./client";

// One retrieval test as the web app writes it; keys are converted to snake_case on the wire.
export type RetrievalParams = {
  question: string;
  datasetIds: string[];
  documentIds: string[];
  page: number;
  pageSize: number;
  similarityThreshold: number;
  vectorSimilarityWeight: number;
  keywordSimilarityWeight: number;
  topK: number;
  rerankId?: string;
  highlight: boolean;
  useKg?: boolean;
  crossLanguages?: string[];
  metadataCondition?: MetadataCondition;
};

export const retrievalKeys = {
  all: ["retrieval"] as const,
  // `run` counts the clicks on "Test", so testing the same question again asks the server again
  search: (params: RetrievalParams, run = 0) => [...retrievalKeys.all, "search", params, run] as const,
};

export const fetchRetrieval = (params: RetrievalParams, signal?: AbortSignal) =>
  requestData<RetrievalResult>("/retrieval", {
    method: "POST",
    body: { ...params, rerankId: params.rerankId || undefined },
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
  datasetIds: [],
  documentIds: [],
  page: 1,
  pageSize: 10,
  similarityThreshold: 0.2,
  vectorSimilarityWeight: 0.3,
  keywordSimilarityWeight: 0.7,
  topK: 1024,
  highlight: true,
};

// Runs only once there is something to test (params !== null).
export const useRetrievalQuery = (params: RetrievalParams | null, run = 0) =>
  useQuery({ ...retrievalQueryOptions(params ?? IDLE, run), enabled: params !== null });
