import { queryOptions } from "@tanstack/react-query";
import type { AgentCompletionSchema, AgentInputFile } from "../../worker/contract/agents";
import { type AgentRunParams, readAgentFrames, type AgentFrame } from "./agents";
import { type Body, visitorClient } from "./client";
import { visitorId } from "./share";

export type SharedAgentInfo = {
  id: string;
  title: string;
  description: string | null;
  avatar: string | null;
  prologue: string;
  inputs: Record<string, unknown>;
  mode: "conversational" | "task";
};
export type AgentShareClient = { agentId: string; token: string };

export const agentShareUrl = (origin: string, agentId: string, token: string) => {
  const url = new URL("/agent/share", origin);
  url.searchParams.set("shared_id", agentId);
  url.searchParams.set("from", "agent");
  url.searchParams.set("auth", token);
  return url.toString();
};

// Visitors' calls carry the share token and the browser's visitor id, never a login.
const visitor = (client: AgentShareClient) => visitorClient(`/share/agents/${client.agentId}`, client.token, visitorId);

export const sharedAgentQueryOptions = (client: AgentShareClient) =>
  queryOptions({
    queryKey: ["shared-agent", client.agentId, client.token],
    retry: false,
    queryFn: () => visitor(client).requestData<SharedAgentInfo>(""),
  });

// The text of a file for a Begin file input, read by the server.
export const uploadSharedAgentInput = (client: AgentShareClient) => async (file: File) => {
  const form = new FormData();
  form.set("file", file);
  return visitor(client).requestData<AgentInputFile>("/upload", { body: form });
};

export const streamSharedAgentRun =
  (client: AgentShareClient) =>
  async (params: AgentRunParams, onFrame: (frame: AgentFrame) => void, signal?: AbortSignal) => {
    const response = await visitor(client).requestRaw("/completions", {
      body: {
        question: params.question,
        session_id: params.sessionId,
        inputs: params.inputs ?? {},
        stream: true,
      } satisfies Body<typeof AgentCompletionSchema>,
      signal,
    });
    return readAgentFrames(response, onFrame);
  };
