import { queryOptions } from "@tanstack/react-query";
import type { AgentInputFile } from "../../worker/contract/agents";
import { type AgentRunParams, readAgentFrames, type AgentFrame } from "./agents";
import { API_BASE, ApiError } from "./client";
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
const sharedAgentFetch = async (
  client: AgentShareClient,
  path: string,
  init: { body?: unknown; signal?: AbortSignal } = {},
) => {
  const json = init.body !== undefined && !(init.body instanceof FormData);
  try {
    return await fetch(
      `${API_BASE}/share/agents/${client.agentId}${path}?visitor_id=${encodeURIComponent(visitorId())}`,
      {
        method: init.body === undefined ? "GET" : "POST",
        headers: { Authorization: `Bearer ${client.token}`, ...(json ? { "Content-Type": "application/json" } : {}) },
        body: json ? JSON.stringify(init.body) : (init.body as FormData | undefined),
        signal: init.signal,
      },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(-1, "network", 0);
  }
};

export const sharedAgentQueryOptions = (client: AgentShareClient) =>
  queryOptions({
    queryKey: ["shared-agent", client.agentId, client.token],
    retry: false,
    queryFn: async () => dataOf<SharedAgentInfo>(await sharedAgentFetch(client, "")),
  });

const dataOf = async <T>(response: Response) => {
  const envelope = (await response.json().catch(() => null)) as { code: number; message: string; data: T } | null;
  if (!envelope || envelope.code !== 0)
    throw new ApiError(
      envelope?.code ?? response.status,
      envelope?.message ?? response.statusText,
      response.status,
      Boolean(envelope),
    );
  return envelope.data;
};

// The text of a file for a Begin file input, read by the server.
export const uploadSharedAgentInput = (client: AgentShareClient) => async (file: File) => {
  const form = new FormData();
  form.set("file", file);
  return dataOf<AgentInputFile>(await sharedAgentFetch(client, "/upload", { body: form }));
};

export const streamSharedAgentRun =
  (client: AgentShareClient) =>
  async (params: AgentRunParams, onFrame: (frame: AgentFrame) => void, signal?: AbortSignal) => {
    const response = await sharedAgentFetch(client, "/completions", {
      body: { question: params.question, session_id: params.sessionId, inputs: params.inputs ?? {}, stream: true },
      signal,
    });
    return readAgentFrames(response, onFrame);
  };
