import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ApplyTarget,
  EvaluationAlert,
  EvaluationQuestion,
  EvaluationRun,
  EvaluationRunSummary,
  EvaluationSet,
  FromTrafficInput,
  ImportResult,
  QuestionInput,
  RetrievalSettings,
  RunComparison,
  SetInput,
} from "../features/evaluation-sets/types";
import { chatKeys } from "./chats";
import { requestData } from "./client";
import { datasetKeys } from "./datasets";

type Page<T> = { total: number; items: T[] };

export const evaluationSetKeys = {
  all: ["evaluation-sets"] as const,
  lists: () => [...evaluationSetKeys.all, "list"] as const,
  list: (page: number, keywords: string) => [...evaluationSetKeys.lists(), page, keywords] as const,
  set: (id: string) => [...evaluationSetKeys.all, "set", id] as const,
  questions: (id: string, page: number) => [...evaluationSetKeys.set(id), "questions", page] as const,
  runs: (id: string) => [...evaluationSetKeys.set(id), "runs"] as const,
  run: (runId: string) => [...evaluationSetKeys.all, "run", runId] as const,
  compare: (a: string, b: string) => [...evaluationSetKeys.all, "compare", a, b] as const,
  alerts: () => [...evaluationSetKeys.all, "alerts"] as const,
};

// A run still working: its list and detail ask again every few seconds.
export const isActive = (run: Pick<EvaluationRunSummary, "status">) =>
  run.status === "queued" || run.status === "running";
export const POLL_MS = 2000;

export const evaluationSetsQueryOptions = (page = 1, keywords = "", pageSize = 30) =>
  queryOptions({
    queryKey: evaluationSetKeys.list(page, keywords),
    queryFn: () =>
      requestData<Page<EvaluationSet>>("/evaluation/sets", {
        query: { page, page_size: pageSize, keywords: keywords || undefined },
      }),
    placeholderData: keepPreviousData,
    // a set whose last run still works shows its status and metrics once it is done
    refetchInterval: (query) =>
      query.state.data?.items.some((set) => set.last_run && isActive(set.last_run)) ? POLL_MS : false,
  });

export const evaluationSetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: evaluationSetKeys.set(id),
    queryFn: () => requestData<EvaluationSet>(`/evaluation/sets/${id}`),
  });

export const questionsQueryOptions = (setId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: evaluationSetKeys.questions(setId, page),
    queryFn: () =>
      requestData<Page<EvaluationQuestion>>(`/evaluation/sets/${setId}/questions`, {
        query: { page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });

// Every run of a set (newest first) — the runs list, the compare pickers and the chart read the same page.
export const RUNS_PAGE_SIZE = 100;
export const runsQueryOptions = (setId: string) =>
  queryOptions({
    queryKey: evaluationSetKeys.runs(setId),
    queryFn: () =>
      requestData<Page<EvaluationRunSummary>>(`/evaluation/sets/${setId}/runs`, {
        query: { page: 1, page_size: RUNS_PAGE_SIZE },
      }),
    refetchInterval: (query) => (query.state.data?.items.some(isActive) ? POLL_MS : false),
  });

export const runQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: evaluationSetKeys.run(runId),
    queryFn: () => requestData<EvaluationRun>(`/evaluation/runs/${runId}`),
    refetchInterval: (query) => (query.state.data && isActive(query.state.data) ? POLL_MS : false),
  });

export const compareQueryOptions = (a: string, b: string) =>
  queryOptions({
    queryKey: evaluationSetKeys.compare(a, b),
    queryFn: () => requestData<RunComparison>("/evaluation/runs/compare", { query: { a, b } }),
  });

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: evaluationSetKeys.alerts(),
    queryFn: () => requestData<EvaluationAlert[]>("/evaluation/alerts"),
  });

// Every change to a set refreshes what shows it: the list, its detail, its questions and runs.
const useSetMutation = <P, R>(mutationFn: (params: P) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationSetKeys.all }),
  });
};

export const useSaveSetMutation = () =>
  useSetMutation(({ id, input }: { id?: string; input: SetInput }) =>
    id
      ? requestData<EvaluationSet>(`/evaluation/sets/${id}`, { method: "PUT", body: input })
      : requestData<EvaluationSet>("/evaluation/sets", { method: "POST", body: input }),
  );

export const useDeleteSetMutation = () =>
  useSetMutation((id: string) => requestData<true>(`/evaluation/sets/${id}`, { method: "DELETE" }));

export const useAddQuestionsMutation = () =>
  useSetMutation(({ setId, items }: { setId: string; items: QuestionInput[] }) =>
    requestData<{ added: number; items: EvaluationQuestion[] }>(`/evaluation/sets/${setId}/questions`, {
      method: "POST",
      body: { items },
    }),
  );

export const useDeleteQuestionsMutation = () =>
  useSetMutation(({ setId, ids }: { setId: string; ids: string[] }) =>
    requestData<{ success_count: number; errors: unknown[] }>(`/evaluation/sets/${setId}/questions`, {
      method: "DELETE",
      body: { ids },
    }),
  );

export const useImportQuestionsMutation = () =>
  useSetMutation(({ setId, file }: { setId: string; file: File }) => {
    const form = new FormData();
    form.append("file", file);
    return requestData<ImportResult>(`/evaluation/sets/${setId}/import`, { method: "POST", body: form });
  });

export const useFromTrafficMutation = () =>
  useSetMutation(({ setId, input }: { setId: string; input: FromTrafficInput }) =>
    requestData<EvaluationQuestion>(`/evaluation/sets/${setId}/questions/from-feedback`, {
      method: "POST",
      body: input,
    }),
  );

export const useStartRunMutation = () =>
  useSetMutation(({ setId, label, settings }: { setId: string; label?: string; settings: RetrievalSettings }) =>
    requestData<{ run_id: string }>(`/evaluation/sets/${setId}/runs`, {
      method: "POST",
      body: { label: label || undefined, settings },
    }),
  );

export const useDeleteRunMutation = () =>
  useSetMutation((runId: string) => requestData<true>(`/evaluation/runs/${runId}`, { method: "DELETE" }));

// The run's settings land in an assistant or a base: whichever was changed is read again.
export const useApplyRunMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, target }: { runId: string; target: ApplyTarget }) =>
      requestData<true>(`/evaluation/runs/${runId}/apply`, { method: "POST", body: target }),
    onSuccess: (_done, { target }) =>
      queryClient.invalidateQueries({ queryKey: target.target === "chat" ? chatKeys.all : datasetKeys.all }),
  });
};
