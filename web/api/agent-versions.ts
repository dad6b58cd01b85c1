import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgentVersion, AgentVersionSummary } from "../../worker/contract/agent-versions";
import type { Dsl } from "../../worker/contract/agents";
import { type Agent, agentKeys } from "./agents";
import { requestData } from "./client";

export type { AgentVersion, AgentVersionSummary };

const versionKeys = {
  all: (agentId: string) => [...agentKeys.detail(agentId), "versions"] as const,
  one: (agentId: string, versionId: string) => [...versionKeys.all(agentId), versionId] as const,
};

export const agentVersionsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: versionKeys.all(agentId),
    queryFn: () => requestData<AgentVersionSummary[]>(`/agents/${agentId}/versions`),
  });

export const agentVersionQueryOptions = (agentId: string, versionId: string) =>
  queryOptions({
    queryKey: versionKeys.one(agentId, versionId),
    queryFn: () => requestData<AgentVersion>(`/agents/${agentId}/versions/${versionId}`),
    staleTime: Infinity,
  });

// The flow goes back to the version; the open agent's cached flow becomes the restored one.
export const useRestoreVersionMutation = (agentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) =>
      requestData<{ version_id: string; dsl: Dsl }>(`/agents/${agentId}/versions/${versionId}/restore`, {
        method: "POST",
      }),
    onSuccess: async ({ dsl }) => {
      queryClient.setQueryData<Agent>(
        agentKeys.detail(agentId),
        (agent) => agent && { ...agent, dsl, update_time: Date.now() },
      );
      await queryClient.invalidateQueries({ queryKey: versionKeys.all(agentId) });
    },
  });
};

// Publishes what is saved (RAGFlow v0.27's release): the MCP server's run_buddy runs the latest published version.
export const useReleaseAgentMutation = (agentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData<boolean>(`/agents/${agentId}`, { method: "PUT", body: { release: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionKeys.all(agentId) }),
  });
};

// The newest published version of a list (newest first), if any.
export const latestRelease = (versions: AgentVersionSummary[] | undefined) =>
  versions?.find((version) => version.release);
