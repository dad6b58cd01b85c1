import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { McpServer, McpTool } from "../../worker/contract/mcp-servers";
import { requestData } from "./client";

export type McpServerSettings = {
  name: string;
  url: string;
  server_type: "streamable-http";
  headers: Record<string, string>;
  variables: Record<string, string>;
};

export const mcpServerKeys = { all: ["mcp-servers"] as const };

export const mcpServersQueryOptions = () =>
  queryOptions({
    queryKey: mcpServerKeys.all,
    queryFn: () =>
      requestData<{ mcp_servers: McpServer[]; total: number }>("/mcp/servers", { query: { page_size: 200 } }),
  });

export const useCreateMcpServerMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: McpServerSettings) => requestData<McpServer>("/mcp/servers", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpServerKeys.all }),
  });
};

export const useDeleteMcpServerMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<boolean>(`/mcp/servers/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpServerKeys.all }),
  });
};

// A connection test: of settings not saved yet ("new"), or of a saved server (the body then empty).
export const useTestMcpServerMutation = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<McpServerSettings> }) =>
      requestData<McpTool[]>(`/mcp/servers/${id}/test`, { method: "POST", body }),
  });
