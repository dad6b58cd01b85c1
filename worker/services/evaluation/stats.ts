import type { ChatStats } from "../../contract/chats";
import type { EvaluationStatsQuery } from "../../contract/evaluation";
import type { ServiceContext } from "../context";
import { dayRange, turnStats } from "../chats/stats";
import { turnScope } from "./scope";

// The six chat figures and the per-day series over all of the caller's assistants (or one of them).
export const evaluationStats = async (ctx: ServiceContext, query: EvaluationStatsQuery): Promise<ChatStats> => {
  const range = dayRange(query);
  return turnStats(ctx, await turnScope(ctx, query.chat_id), range);
};
