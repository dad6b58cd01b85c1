import * as v from "valibot";
import { AgentCompletionSchema } from "../../contract/agents";
import type { RunBuddyArgsSchema } from "../../contract/mcp";
import type { ServiceContext } from "../context";
import { prepareAgentRun } from "../agents/complete";
import { citationsOf } from "./citations";

// One turn of a published Buddy the caller sees (the team's shared ones and their own), through the same run as
// POST /agents/{id}/completions: its latest published version runs (saved with `release: true`, RAGFlow v0.27's
// release), never an unpublished draft; its session keeps the turn (a new one unless session_id continues one).
export const runBuddy = async (ctx: ServiceContext, args: v.InferOutput<typeof RunBuddyArgsSchema>) => {
  const input = v.parse(AgentCompletionSchema, {
    question: args.question ?? "",
    inputs: args.inputs ?? {},
    session_id: args.session_id,
    stream: false,
  });
  const prepared = await prepareAgentRun(ctx, args.agent_id, input, { released: true });
  const { content, reference, error, session_id } = await prepared.run(async () => undefined);
  return { answer: content, error, session_id, references: citationsOf(reference) };
};
