import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreatePromptTemplateInput,
  PromptTemplate,
  UpdatePromptTemplateInput,
} from "../../worker/contract/prompt-templates";
import { requestData } from "./client";

export type { PromptTemplate };
export type PromptTemplateListParams = { page: number; pageSize: number; keywords?: string };

export const promptTemplateKeys = {
  all: ["prompt-templates"] as const,
  lists: () => [...promptTemplateKeys.all, "list"] as const,
  list: (params: PromptTemplateListParams) => [...promptTemplateKeys.lists(), params] as const,
};

export const promptTemplatesQueryOptions = (params: PromptTemplateListParams) =>
  queryOptions({
    queryKey: promptTemplateKeys.list(params),
    queryFn: () =>
      requestData<{ templates: PromptTemplate[]; total: number }>("/prompt-templates", {
        query: {
          page: params.page,
          page_size: params.pageSize,
          keywords: params.keywords || undefined,
          orderby: "update_time",
          desc: true,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useCreatePromptTemplateMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePromptTemplateInput) =>
      requestData<PromptTemplate>("/prompt-templates", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptTemplateKeys.lists() }),
  });
};

export const useUpdatePromptTemplateMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePromptTemplateInput }) =>
      requestData<PromptTemplate>(`/prompt-templates/${id}`, { method: "PUT", body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptTemplateKeys.lists() }),
  });
};

export const useDeletePromptTemplateMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<boolean>(`/prompt-templates/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptTemplateKeys.lists() }),
  });
};
