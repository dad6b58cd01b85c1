import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { agentKeys } from "./agents";
import { requestData } from "./client";

export type AgentSchedule = {
  cron: string;
  question: string;
  enabled: boolean;
  last_run_time: number | null;
  last_error: string | null;
};
export type WebhookLog = {
  id: string;
  method: string;
  status: number;
  success: boolean;
  error: string | null;
  create_time: number;
  response: { finished: boolean; content?: string };
  request?: { test?: boolean };
};

const scheduleKey = (agentId: string) => [...agentKeys.detail(agentId), "schedule"] as const;

export const agentScheduleQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: scheduleKey(agentId),
    queryFn: () => requestData<AgentSchedule | null>(`/agents/${agentId}/schedule`),
  });

export const useSaveScheduleMutation = (agentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { cron: string; question: string; enabled: boolean } | null): Promise<unknown> =>
      input
        ? requestData<AgentSchedule>(`/agents/${agentId}/schedule`, { method: "PUT", body: input })
        : requestData<boolean>(`/agents/${agentId}/schedule`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKey(agentId) }),
  });
};

export const webhookLogsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: [...agentKeys.detail(agentId), "webhook-logs"] as const,
    queryFn: () => requestData<{ logs: WebhookLog[] }>(`/agents/${agentId}/webhook/logs`),
  });
