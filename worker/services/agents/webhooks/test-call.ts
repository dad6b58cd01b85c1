import type { ServiceContext } from "../../context";
import { getManageableAgent } from "../access";
import { callWebhook, type WebhookAnswer } from "./call";

// /agents/{id}/webhook/test: the editor's test call, as RAGFlow has it: only someone who may edit the flow, whose
// sign-in stands in for the webhook's own protection; everything else as in a real call.
export const testWebhook = async (
  ctx: ServiceContext,
  agentId: string,
  request: Request,
  background: (work: Promise<unknown>) => void,
): Promise<WebhookAnswer> => {
  const agent = await getManageableAgent(ctx, agentId);
  return callWebhook(ctx, agent.id, request, background, true);
};
