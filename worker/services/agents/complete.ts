import { eq } from "drizzle-orm";
import {
  type AgentCompletionInput,
  type AgentEvent,
  type BeginInputSpec,
  beginOptions,
  fillUpAnswers,
  inputsWithoutOptions,
  invalidBeginInputs,
  missingBeginInputs,
} from "../../contract/agents";
import { type AgentRunStart, agentRunLogs, agentSessions, agentTasks } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs, nowSeconds } from "../../lib/time";
import { countTokens } from "../../rag/tokens";
import type { ServiceContext } from "../context";
import { releasedDsl } from "./versions/released";
import { runFlow } from "./engine/run-flow";
import { getVisibleAgent, mayEditAgent } from "./access";
import { fitLog } from "./runs/fit-log";
import { getAgentSession, newAgentSession } from "./sessions";

const HISTORY_TURNS = 20;

// Token counts as RAGFlow gives them on the OpenAI-compatible agent routes: the question's and the answer's text.
export const openAiUsage = (question: string, answer: string) => {
  const prompt = countTokens(question);
  const completion = countTokens(answer);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

export type EnvelopedEvent = AgentEvent & {
  message_id: string;
  created_at: number;
  task_id: string;
  session_id: string;
};

// One question to an agent: in a session (a new one when none is given), run as a cancellable task; every
// event goes to `emit` with the ids clients need. Checks happen here, before any streaming starts.
// `released`: the flow's latest published version runs instead of its draft (RAGFlow's release mode).
export const prepareAgentRun = async (
  ctx: ServiceContext,
  agentId: string,
  input: AgentCompletionInput,
  options: { released?: boolean } = {},
) => {
  const visible = await getVisibleAgent(ctx, agentId);
  if (visible.canvasCategory === "dataflow_canvas")
    throw dataError(
      "This canvas is an ingestion pipeline: it runs when a dataset that uses it parses a document (or on a file through POST /agents/{agent_id}/dataflow/test).",
    );
  const agent = options.released ? { ...visible, dsl: await releasedDsl(ctx, visible.id) } : visible;
  const question = (input.question ?? input.query ?? "").trim();
  const existing = input.session_id ? await getAgentSession(ctx, agent.id, input.session_id) : null;
  // a task flow (Begin mode "task") runs on its inputs alone, in every turn
  const beginParams = agent.dsl.components.begin?.obj.params ?? {};
  const taskMode = beginParams.mode === "task";
  // Begin runs (and needs its required inputs) unless the turn resumes after an Answer; a turn that answers a
  // UserFillUp needs that one's fields instead. Checked before a new session is made, so a refused call leaves
  // nothing behind.
  const awaiting = existing?.state.awaiting;
  if (awaiting) checkInputs(awaiting.inputs, fillUpAnswers(input.inputs));
  else if (!existing || existing.state.resume.length === 0)
    checkInputs((beginParams.inputs ?? {}) as Record<string, BeginInputSpec>, input.inputs);
  const session = existing ?? (await newAgentSession(ctx, agent));
  if (
    !question &&
    !taskMode &&
    session.state.resume.length === 0 &&
    session.messages.some((message) => message.role === "user")
  )
    throw dataError("`question` is required.");
  const taskId = await startAgentTask(ctx, agent);
  const messageId = newId();
  return {
    taskId,
    sessionId: session.id,
    run: (emit: (event: EnvelopedEvent) => Promise<void>) =>
      runTurn(ctx, { agent, session, question, input, taskId, messageId }, emit),
  };
};

const checkInputs = (inputs: Record<string, BeginInputSpec>, values: Record<string, unknown>) => {
  const [choiceless] = inputsWithoutOptions(inputs);
  if (choiceless)
    throw dataError(`The input \`${inputs[choiceless]?.name || choiceless}\` has no options to choose from.`);
  const [missing] = missingBeginInputs(inputs, values);
  if (missing) throw dataError(`The input \`${inputs[missing]?.name || missing}\` is required.`);
  const [invalid] = invalidBeginInputs(inputs, values);
  const spec = invalid ? inputs[invalid] : undefined;
  if (invalid && spec?.type === "options")
    throw dataError(`The input \`${spec.name || invalid}\` must be one of: ${beginOptions(spec).join(", ")}.`);
  if (invalid) throw dataError(`The input \`${spec?.name || invalid}\` must be a number.`);
};

// A rerun starts the failed run again at `from`, with the outputs of the steps before it; its answer takes the
// place of the failed one's (`replaces`, that run's message id) when that was the session's last.
export type Rerun = {
  from: string;
  start: AgentRunStart;
  kept: Record<string, Record<string, unknown>>;
  replaces: string;
};

export type Turn = {
  agent: Awaited<ReturnType<typeof getVisibleAgent>>;
  session: Awaited<ReturnType<typeof newAgentSession>>;
  question: string;
  input: AgentCompletionInput;
  taskId: string;
  messageId: string;
  rerun?: Rerun;
};

export const startAgentTask = async (ctx: ServiceContext, agent: { id: string; tenantId: string }) => {
  const taskId = newId();
  const now = nowMs();
  await ctx.db.insert(agentTasks).values({
    id: taskId,
    agentId: agent.id,
    tenantId: agent.tenantId,
    userId: ctx.actor.userId,
    status: "running",
    createTime: now,
    updateTime: now,
  });
  return taskId;
};

// What a share-link visitor sees of a run: the answer and which steps ran, not the steps' parameters and
// results (SQL rows, retrieved chunks, request bodies) nor the flow's outputs.
const forVisitor = (event: AgentEvent): AgentEvent => {
  if (event.event === "node_finished") return { ...event, data: { ...event.data, inputs: {}, outputs: {} } };
  if (event.event === "workflow_finished") return { ...event, data: { ...event.data, outputs: {} } };
  return event;
};

export const runTurn = async (
  ctx: ServiceContext,
  { agent, session, question, input, taskId, messageId, rerun }: Turn,
  emit: (event: EnvelopedEvent) => Promise<void>,
) => {
  const visitor = ctx.actor.via === "share";
  const envelope = async (event: AgentEvent) =>
    emit({
      ...(visitor ? forVisitor(event) : event),
      message_id: messageId,
      created_at: nowSeconds(),
      task_id: taskId,
      session_id: session.id,
    });
  const start: AgentRunStart = rerun?.start ?? {
    question,
    inputs: input.inputs,
    history: session.state.history,
    turns: session.messages.filter((message) => message.role === "user").length + 1,
  };
  const overridesGlobals = !visitor && mayEditAgent(ctx, agent);
  const outcome = await runFlow(
    ctx,
    agent.dsl,
    {
      ...start,
      resume: rerun ? [rerun.from] : session.state.resume,
      authorId: agent.createdBy,
      agentId: agent.id,
      overridesGlobals,
      awaiting: rerun ? null : (session.state.awaiting ?? null),
      kept: rerun ? rerun.kept : (session.state.kept ?? null),
    },
    envelope,
    taskId,
  );
  const answer = outcome.answer;
  // what the user sees of a pause: the messages before it, else the UserFillUp's tips
  const said = answer || (outcome.awaiting?.tips ?? "");
  const finished = nowMs();
  const asked = rerun ? start.question : question;
  // a rerun of an earlier turn leaves the conversation as it is: only its log tells what it did
  const replacing = rerun && session.messages.at(-1)?.id === rerun.replaces;
  const sessionUpdate =
    rerun && !replacing
      ? []
      : [
          ctx.db
            .update(agentSessions)
            .set({
              messages: [
                ...(replacing ? session.messages.slice(0, -1) : session.messages),
                ...(replacing ? [] : [{ role: "user" as const, content: question, id: newId(), created_at: finished }]),
                { role: "assistant", content: said, id: messageId, created_at: finished },
              ],
              state: {
                resume: outcome.resume,
                ...(outcome.awaiting ? { awaiting: outcome.awaiting, kept: outcome.kept ?? {} } : {}),
                history: [
                  ...start.history,
                  ["user", asked] as [string, string],
                  ["assistant", said] as [string, string],
                ].slice(-HISTORY_TURNS * 2),
              },
              updateTime: finished,
            })
            .where(eq(agentSessions.id, session.id)),
        ];
  const log = fitLog(outcome.trace, outcome.failed ? outcome.kept : null);
  await ctx.db.batch([
    ctx.db.update(agentTasks).set({ status: "done", updateTime: finished }).where(eq(agentTasks.id, taskId)),
    ...sessionUpdate,
    ctx.db.insert(agentRunLogs).values({
      id: messageId,
      agentId: agent.id,
      tenantId: agent.tenantId,
      userId: ctx.actor.userId,
      sessionId: session.id,
      taskId,
      run: start,
      trace: log.trace,
      error: outcome.error,
      failedComponent: outcome.failed,
      kept: log.kept,
      createTime: finished,
      updateTime: finished,
    }),
  ]);
  return {
    content: answer,
    reference: outcome.reference,
    trace: visitor ? [] : outcome.trace,
    error: outcome.error,
    awaiting: outcome.awaiting,
    session_id: session.id,
    message_id: messageId,
    task_id: taskId,
  };
};

export const cancelAgentTask = async (ctx: ServiceContext, taskId: string) => {
  const task = await ctx.db.query.agentTasks.findFirst({ where: eq(agentTasks.id, taskId) });
  if (!task || task.tenantId !== ctx.actor.tenantId || task.userId !== ctx.actor.userId)
    throw dataError(`Task ${taskId} not found.`);
  if (task.status === "running")
    await ctx.db.update(agentTasks).set({ status: "cancelled", updateTime: nowMs() }).where(eq(agentTasks.id, taskId));
  return true;
};
