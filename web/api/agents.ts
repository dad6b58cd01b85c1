import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  Agent,
  AgentCompletionSchema,
  AgentEvent,
  AgentInputFile,
  AgentTemplate,
  AGENT_PERMISSIONS,
  Dsl,
  TemplateLanguage,
} from "../../worker/contract/agents";
import type { CanvasCategory, DataflowDryRun } from "../../worker/contract/dataflow";
import { ApiError, type Body, request, requestData, requestRaw } from "./client";
import { readSseData } from "./sse";

export type { Agent, AgentTemplate };
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];
// `category`: only agents (agent_canvas) or only ingestion pipelines (dataflow_canvas); left out, both
export type AgentListParams = { page: number; pageSize: number; keywords?: string; category?: CanvasCategory };

// What the list and the editor write; the DSL's keys (component ids such as "Generate:ab12", category names,
// env names) are the user's and go as they are.
export type AgentChanges = {
  title?: string;
  description?: string | null;
  permission?: AgentPermission;
  canvas_category?: CanvasCategory;
  dsl?: Dsl;
};

export const agentKeys = {
  all: ["agents"] as const,
  lists: () => [...agentKeys.all, "list"] as const,
  list: (params: AgentListParams) => [...agentKeys.lists(), params] as const,
  detail: (id: string) => [...agentKeys.all, "detail", id] as const,
  templates: (language: TemplateLanguage) => [...agentKeys.all, "templates", language] as const,
};

export const agentsQueryOptions = (params: AgentListParams) =>
  queryOptions({
    queryKey: agentKeys.list(params),
    queryFn: async () => {
      const { data } = await request<{ canvas: Agent[]; total: number }>("/agents", {
        query: {
          page: params.page,
          page_size: params.pageSize,
          keywords: params.keywords || undefined,
          canvas_category: params.category,
          orderby: "update_time",
          desc: true,
        },
      });
      return { agents: data.canvas, total: data.total };
    },
    placeholderData: keepPreviousData,
  });

export const agentQueryOptions = (id: string) =>
  queryOptions({ queryKey: agentKeys.detail(id), queryFn: () => requestData<Agent>(`/agents/${id}`) });

// The templates with their flows' texts in the app's language.
export const agentTemplatesQueryOptions = (language: TemplateLanguage) =>
  queryOptions({
    queryKey: agentKeys.templates(language),
    queryFn: () => requestData<AgentTemplate[]>("/agents/templates", { query: { language } }),
    staleTime: Infinity,
  });

// The text of a file for a Begin file input, read by the server.
export const uploadAgentInput = (agentId: string) => async (file: File) => {
  const form = new FormData();
  form.set("file", file);
  return requestData<AgentInputFile>(`/agents/${agentId}/upload`, { method: "POST", body: form });
};

// A pipeline's dry run on one file: every step's output, nothing stored. `dsl` tests the canvas as it is in the
// editor (saved or not).
export const dryRunPipeline = async (agentId: string, file: File, dsl: Dsl, signal?: AbortSignal) => {
  const form = new FormData();
  form.set("file", file);
  form.set("dsl", JSON.stringify(dsl));
  return requestData<DataflowDryRun>(`/agents/${agentId}/dataflow/test`, { method: "POST", body: form, signal });
};

export const useCreateAgentMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentChanges & { title: string; dsl: Dsl }) =>
      requestData<Agent>("/agents", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.lists() }),
  });
};

// The editor saves often; only the list is refreshed, the open agent keeps its own state.
export const useUpdateAgentMutation = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AgentChanges) => requestData<boolean>(`/agents/${id}`, { method: "PUT", body: changes }),
    onSuccess: (_saved, changes) => {
      queryClient.setQueryData<Agent>(
        agentKeys.detail(id),
        (agent) => agent && { ...agent, ...changes, update_time: Date.now() },
      );
      return queryClient.invalidateQueries({ queryKey: agentKeys.lists() });
    },
  });
};

export const useDeleteAgentMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<boolean>(`/agents/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.lists() }),
  });
};

export const useDuplicateAgentMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<Agent>(`/agents/${id}/duplicate`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.lists() }),
  });
};

// One event of a run as it comes over the wire: the event itself plus where it belongs.
export type AgentFrame = AgentEvent & {
  message_id?: string;
  created_at?: number;
  task_id?: string;
  session_id?: string;
};

export const SSE_DONE = "[DONE]";
export { splitSseData } from "./sse";

// One payload: an agent event, the end marker, or an error envelope (thrown).
export const parseAgentPayload = (payload: string): AgentFrame | typeof SSE_DONE => {
  if (payload === SSE_DONE) return SSE_DONE;
  const parsed = JSON.parse(payload) as Partial<AgentFrame> & { code?: number; message?: string };
  if (typeof parsed.event === "string") return parsed as AgentFrame;
  throw new ApiError(parsed.code ?? -1, parsed.message ?? payload, 200);
};

// Reads a run's SSE response until `data:[DONE]` (or the end of the body); a JSON answer is an envelope error.
export const readAgentFrames = (response: Response, onFrame: (frame: AgentFrame) => void) =>
  readSseData(response, (payload) => {
    const frame = parseAgentPayload(payload);
    if (frame === SSE_DONE) return true;
    onFrame(frame);
  });

export type AgentRunParams = {
  agentId: string;
  question: string;
  sessionId?: string;
  inputs?: Record<string, unknown>;
};

export const streamAgentRun = async (
  params: AgentRunParams,
  onFrame: (frame: AgentFrame) => void,
  signal?: AbortSignal,
) => {
  const body = {
    agent_id: params.agentId,
    question: params.question,
    session_id: params.sessionId,
    inputs: params.inputs ?? {},
    stream: true,
    return_trace: true,
  } satisfies Body<typeof AgentCompletionSchema>;
  const response = await requestRaw("/agents/chat/completions", { method: "POST", body, signal });
  return readAgentFrames(response, onFrame);
};

export const cancelAgentTask = (taskId: string) =>
  requestData<boolean>(`/agents/tasks/${taskId}/cancel`, { method: "PUT" });
