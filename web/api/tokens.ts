import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiToken } from "../../worker/contract/tokens";
import { requestData } from "./client";

export const tokenKeys = {
  all: ["api-tokens"] as const,
  list: () => [...tokenKeys.all, "list"] as const,
};

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: tokenKeys.list(), queryFn: () => requestData<ApiToken[]>("/system/tokens") });

export const useCreateTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData<ApiToken>("/system/tokens", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
};

export const useDeleteTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<boolean>(`/system/tokens/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
};
