import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteTagsSchema, RenameTagSchema, TagCount } from "../../worker/contract/tags";
import { datasetKeys } from "./datasets";
import { type Body, requestData } from "./client";

const tagKeys = { list: (datasetId: string) => [...datasetKeys.detail(datasetId), "tags"] as const };

export const tagsQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: tagKeys.list(datasetId),
    queryFn: () => requestData<TagCount[]>(`/datasets/${datasetId}/tags`),
  });

const useTagMutation = <T>(datasetId: string, send: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.list(datasetId) }),
  });
};

export const useRenameTagMutation = (datasetId: string) =>
  useTagMutation(datasetId, (input: Body<typeof RenameTagSchema>) =>
    requestData(`/datasets/${datasetId}/tags`, { method: "PUT", body: input }),
  );

export const useDeleteTagsMutation = (datasetId: string) =>
  useTagMutation(datasetId, (tags: string[]) =>
    requestData(`/datasets/${datasetId}/tags`, {
      method: "DELETE",
      body: { tags } satisfies Body<typeof DeleteTagsSchema>,
    }),
  );
