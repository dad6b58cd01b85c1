import type { MemoryView } from "../../../worker/contract/memories";
import { callApi } from "./api";
import type { TestUser } from "./factories";

type Auth = { token: string; headers?: Record<string, string> };

export const auth = (user: TestUser | Auth): Auth => ({
  token: user.token,
  headers: "headers" in user ? user.headers : undefined,
});

export const createMemory = async (user: TestUser | Auth, json: Record<string, unknown> = {}) => {
  const res = await callApi<MemoryView>("/memories", {
    ...auth(user),
    json: {
      name: `Gedächtnis ${crypto.randomUUID().slice(0, 8)}`,
      memory_type: ["raw"],
      embd_id: "e@x",
      llm_id: "l@x",
      ...json,
    },
  });
  if (res.body.code !== 0) throw new Error(`memory not created: ${res.body.message}`);
  return res.body.data;
};

export const addTurn = (
  user: TestUser | Auth,
  memoryId: string | string[],
  turn: { user_input: string; agent_response: string; agent_id?: string; session_id?: string },
) =>
  callApi<null>("/messages", {
    ...auth(user),
    json: { memory_id: memoryId, agent_id: "agent-1", session_id: "session-1", ...turn },
  });
