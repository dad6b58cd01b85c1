import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { listAgentSessions, removeAgentSessions } from "./sessions";

// RAGFlow's GET and DELETE /agents/{id}/sessions/{session_id}: one of the caller's sessions of this agent.
export const readAgentSession = async (ctx: ServiceContext, agentId: string, sessionId: string) => {
  const [session] = await listAgentSessions(ctx, agentId, {
    page: 1,
    page_size: 1,
    orderby: "update_time",
    desc: true,
    id: sessionId,
  });
  if (!session) throw dataError("Session not found!");
  return session;
};

export const removeAgentSession = async (ctx: ServiceContext, agentId: string, sessionId: string) => {
  await readAgentSession(ctx, agentId, sessionId);
  await removeAgentSessions(ctx, agentId, [sessionId], false);
  return true;
};
