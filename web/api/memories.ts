import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemoryTypeName, MemoryView, MessageView } from "../../worker/contract/memories";
import { requestData } from "./client";

export type { MemoryTypeName, MemoryView, MessageView };
export type ListedMessage = MessageView & { agent_name: string };
export type MemoryChanges = Partial<{
  name: string;
  description: string;
  permissions: "me" | "team";
  memory_size: number;
  temperature: number;
}>;

export const memoryKeys = {
  all: ["memories"] as const,
  lists: () => [...memoryKeys.all, "list"] as const,
  list: (params: { page: number; pageSize: number; keywords: string }) => [...memoryKeys.lists(), params] as const,
  messages: (id: string, page: number) => [...memoryKeys.all, "messages", id, page] as const,
  search: (id: string, query: string) => [...memoryKeys.all, "search", id, query] as const,
};

export const memoriesQueryOptions = (params: { page: number; pageSize: number; keywords: string }) =>
  queryOptions({
    queryKey: memoryKeys.list(params),
    queryFn: () =>
      requestData<{ memory_list: MemoryView[]; total_count: number }>("/memories", {
        query: { page: params.page, page_size: params.pageSize, keywords: params.keywords || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const memoryMessagesQueryOptions = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: memoryKeys.messages(id, page),
    queryFn: () =>
      requestData<{ messages: { message_list: ListedMessage[]; total_count: number } }>(`/memories/${id}`, {
        query: { page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });

// RAGFlow's message search: the question's words, best match first (content included)
export const messageSearchQueryOptions = (id: string, query: string) =>
  queryOptions({
    queryKey: memoryKeys.search(id, query),
    queryFn: () =>
      requestData<(MessageView & { similarity: number })[]>("/messages/search", {
        query: { memory_id: id, query, top_n: 20 },
      }),
    enabled: query.trim() !== "",
  });

export const messageContent = (memoryId: string, messageId: number) =>
  requestData<MessageView>(`/messages/${memoryId}:${messageId}/content`);

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memoryKeys.all });
};

export const useCreateMemoryMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { name: string; memory_type: MemoryTypeName[]; embd_id: string; llm_id: string }) =>
      requestData<MemoryView>("/memories", { method: "POST", body: input }),
    onSuccess: invalidate,
  });
};

export const useUpdateMemoryMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MemoryChanges }) =>
      requestData<MemoryView>(`/memories/${id}`, { method: "PUT", body: changes }),
    onSuccess: invalidate,
  });
};

export const useDeleteMemoryMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => requestData<boolean>(`/memories/${id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
};

export const useForgetMessageMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ memoryId, messageId }: { memoryId: string; messageId: number }) =>
      requestData<boolean>(`/messages/${memoryId}:${messageId}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
};

export const useMessageStatusMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ memoryId, messageId, status }: { memoryId: string; messageId: number; status: boolean }) =>
      requestData<boolean>(`/messages/${memoryId}:${messageId}`, { method: "PUT", body: { status } }),
    onSuccess: invalidate,
  });
};
