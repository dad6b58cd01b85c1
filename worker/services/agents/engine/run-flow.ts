import { eq } from "drizzle-orm";
import { type AnswerSpeaker, answerSpeaker } from "../../chats/audio";
import { type AgentTool, COMMON_PARAMS, COMPONENT_DEFAULTS, maskSecrets } from "../../../contract/agent-components";
import {
  type AgentEvent,
  agentErrorText,
  type ComponentName,
  type Dsl,
  type DslComponent,
  fillUpAnswers,
  type PendingFillUp,
  RUN_LIMITS,
  type TraceEntry,
} from "../../../contract/agents";
import type { Reference, ReferenceChunk } from "../../../contract/chats";
import { agentTasks } from "../../../db/schema";
import { pieces } from "../../../rag/chat/extractive";
import type { ServiceContext } from "../../context";
import { COMPONENTS } from "../components";
import { teamChatModelIdOnce } from "../../models/team-chat-model";
import { agentLlm, agentToolLlm } from "./llm";
import { speakerOf } from "./speakers";
import type { ComponentResult, ComponentRun } from "./types";
import { render, resolve, type RunValues } from "./variables";

// authorId: the agent's author, whose knowledge bases its Retrieval components read (as RAGFlow runs a canvas for
// its owner), so a team member running a shared agent gets what its author built it on
export type RunInput = {
  question: string;
  inputs: Record<string, unknown>;
  resume: string[];
  history: [string, string][];
  turns: number;
  authorId: string;
  agentId: string;
  overridesGlobals: boolean;
  // the UserFillUp the session waits at (its answers are `inputs`), and the outputs kept from before the pause
  // (or, for a rerun from a failed step, from before that step)
  awaiting: PendingFillUp | null;
  kept: Record<string, Record<string, unknown>> | null;
  // the `resume` components alone, nothing after them (a single component's test)
  only?: boolean;
};
export type RunOutcome = {
  answer: string;
  trace: TraceEntry[];
  resume: string[];
  error: string | null;
  outputs: Record<string, unknown>;
  reference: Reference | null;
  // set when a UserFillUp paused the run, with the outputs so far for the turn that resumes it
  awaiting: PendingFillUp | null;
  kept: Record<string, Record<string, unknown>> | null;
  // the top-level component whose failure stopped the run (`kept` then holds the outputs before it)
  failed: string | null;
};
type Emit = (event: AgentEvent) => Promise<void>;

class RunStopped extends Error {}
// stopped on request: the client that cancelled needs no error text in the answer
class RunCancelled extends RunStopped {}

const CANCEL_CHECK_MS = 250;

const paramsOf = (component: DslComponent): Record<string, unknown> => ({
  ...COMMON_PARAMS,
  ...COMPONENT_DEFAULTS[component.obj.component_name],
  ...component.obj.params,
});
const secondsSince = (startMs: number) => (Date.now() - startMs) / 1000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), done()), { once: true });
  });

// `inputs` override the flow's globals only for its editors: a visitor or a teammate who may only run the flow
// must not point its SMTP server or API URLs (and the credentials sent there) somewhere else.
const globalsOf = (dsl: Dsl, input: RunInput, userId: string) => {
  const env = Object.fromEntries(
    Object.entries(dsl.globals ?? {}).map(([key, value]) => {
      const name = key.replace(/^env\./, "");
      return [`env.${name}`, (input.overridesGlobals ? input.inputs[name] : undefined) ?? value];
    }),
  );
  return {
    ...env,
    "sys.query": input.question,
    "sys.user_id": userId,
    "sys.conversation_turns": input.turns,
    "sys.history": input.history,
    "sys.inputs": input.inputs,
  };
};

// Runs one turn of a flow: from Begin (or where the last Answer paused) along the components' downstream ids
// and the branches chosen by Categorize, Switch and Relevant. A component with several inputs waits until every
// input scheduled in this turn has run (fan-in). Stops at an Answer, at the end, on an unhandled error, after
// RUN_LIMITS, or when the task is cancelled.
export const runFlow = async (
  ctx: ServiceContext,
  dsl: Dsl,
  input: RunInput,
  emit: Emit,
  taskId: string,
): Promise<RunOutcome> => {
  const started = Date.now();
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), RUN_LIMITS.timeoutMs);
  // answering a UserFillUp continues the paused run: its outputs and question, the answers as the fields' values
  const resumed = input.awaiting !== null;
  const restored = resumed || input.kept !== null;
  const question = input.question || (restored ? String(input.kept?.begin?.query ?? "") : "");
  const values: RunValues = {
    outputs: new Map(
      restored ? Object.entries(input.kept ?? {}) : [["begin", { query: input.question, ...input.inputs }]],
    ),
    globals: globalsOf(dsl, { ...input, question }, ctx.actor.userId),
  };
  let answers = resumed ? fillUpAnswers(input.inputs) : null;
  let awaiting = null as PendingFillUp | null;
  const trace: TraceEntry[] = [];
  const messages: string[] = [];
  // what was streamed so far for the Message or Answer that will show it, by that component's id
  const streamedFor = new Map<string, string>();
  let steps = 0;
  let resume: string[] = [];
  let failed: string | null = null;
  let cancelCheckedAt = 0;
  const defaultModel = teamChatModelIdOnce(ctx);

  // The task row is read at most every CANCEL_CHECK_MS: quick components run back to back without a D1 read each.
  const checkLimits = async () => {
    if (controller.signal.aborted)
      throw new RunStopped(`The run took longer than ${RUN_LIMITS.timeoutMs / 1000} s and was stopped.`);
    if (++steps > RUN_LIMITS.maxSteps)
      throw new RunStopped(`The run stopped after ${RUN_LIMITS.maxSteps} steps (is there a loop without an Answer?).`);
    if (Date.now() - cancelCheckedAt < CANCEL_CHECK_MS) return;
    cancelCheckedAt = Date.now();
    const task = await ctx.db.query.agentTasks.findFirst({ where: eq(agentTasks.id, taskId) });
    if (task?.status === "cancelled") throw new RunCancelled("The run was cancelled.");
  };

  // Messages of one turn reach the client as one text, a blank line between them. A Message with auto_play is
  // read aloud as it goes (RAGFlow's TTS for messages): finished sentences carry their audio.
  let saidAnything = false;
  const speakers = new Map<string, AnswerSpeaker>();
  const speakerFor = async (id: string) => {
    if (dsl.components[id]?.obj.params.auto_play !== true) return null;
    if (!speakers.has(id)) speakers.set(id, await answerSpeaker(ctx, true));
    return speakers.get(id) ?? null;
  };
  const say = async (content: string, audio: string | null = null) => {
    saidAnything = true;
    await emit({ event: "message", data: { content, ...(audio ? { audio_binary: audio } : {}) } });
  };
  const startMessage = async () => {
    if (saidAnything) await emit({ event: "message", data: { content: "\n\n" } });
  };
  const sayFor = (speakerId: string) => async (delta: string) => {
    if (!streamedFor.has(speakerId)) await startMessage();
    streamedFor.set(speakerId, (streamedFor.get(speakerId) ?? "") + delta);
    await say(delta, (await (await speakerFor(speakerId))?.delta(delta)) ?? null);
  };
  const show = async (id: string, text: string) => {
    const streamed = streamedFor.get(id);
    streamedFor.delete(id);
    // what streamed is shown again below: read aloud once, from the start
    if (streamed !== undefined && streamed !== text) speakers.delete(id);
    const speaker = await speakerFor(id);
    if (streamed !== text) {
      await startMessage();
      for (const piece of pieces(text)) await say(piece, (await speaker?.delta(piece)) ?? null);
    }
    const rest = await speaker?.rest();
    if (rest) await say("", rest);
    speakers.delete(id);
    messages.push(text);
  };

  const componentRun = (
    id: string,
    component: DslComponent,
    params: Record<string, unknown>,
    speak: ComponentRun["say"],
    toolArgs: Record<string, unknown> | null,
    userAnswers: Record<string, unknown> | null = null,
  ): ComponentRun => ({
    ctx,
    id,
    component,
    params,
    values,
    history: input.history,
    authorId: input.authorId,
    agentId: input.agentId,
    signal: controller.signal,
    emit,
    render: (template) => render(template, values),
    resolve: (reference) => resolve(reference, values),
    llm: agentLlm(ctx, params, controller.signal, defaultModel),
    llmWithTools: agentToolLlm(ctx, params, controller.signal, defaultModel),
    runTool: (tool, args) => runTool(id, tool, args),
    toolArgs,
    answers: userAnswers,
    say: speak,
    runChildren: async (parentId, item, index) => {
      values.outputs.set(parentId, { item, index });
      const { last } = await runNested(parentId, false);
      return last ? (values.outputs.get(last) ?? null) : null;
    },
    runBody: async (parentId) => ({ exited: (await runNested(parentId, true)).exited }),
  });

  // A tool call of an Agent: the component with the model's arguments over its params, once; its failure goes
  // back to the model as the tool's answer rather than ending the run.
  const runTool = async (ownerId: string, tool: AgentTool, args: Record<string, unknown>) => {
    await checkLimits();
    const name = tool.component_name as ComponentName;
    const id = `${ownerId}-->${String(tool.name || name).replace(/\s+/g, "_")}`;
    const component: DslComponent = {
      obj: { component_name: name, params: tool.params ?? {} },
      downstream: [],
      upstream: [],
    };
    const params = { ...paramsOf(component), ...args };
    await emit({ event: "node_started", data: { component_id: id, component_name: name } });
    const begun = Date.now();
    let outputs: Record<string, unknown> = {};
    let error: string | null = null;
    try {
      outputs = (await COMPONENTS[name].run(componentRun(id, component, params, null, args))).outputs;
    } catch (caught) {
      if (caught instanceof RunStopped) throw caught;
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const entry: TraceEntry = {
      component_id: id,
      component_name: name,
      inputs: { ...paramsForTrace(params), ...maskSecrets(args) },
      outputs,
      error,
      elapsed_time: secondsSince(begun),
      created_at: begun,
    };
    trace.push(entry);
    await emit({ event: "node_finished", data: entry });
    return { outputs, error };
  };

  const runOne = async (id: string): Promise<ComponentResult> => {
    const component = dsl.components[id];
    if (!component) throw new RunStopped(`Unknown component: ${id}`);
    const impl = COMPONENTS[component.obj.component_name];
    const params = paramsOf(component);
    const speakerId = speakerOf(dsl, id);
    const forThis = id === input.awaiting?.component_id ? answers : null;
    if (forThis) answers = null;
    const run = componentRun(id, component, params, speakerId ? sayFor(speakerId) : null, null, forThis);
    await emit({ event: "node_started", data: { component_id: id, component_name: component.obj.component_name } });
    const begun = Date.now();
    let error: string | null = null;
    let result: ComponentResult = { outputs: {} };
    const attempts = 1 + Math.max(0, Number(params.max_retries) || 0);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        result = await impl.run(run);
        error = null;
        break;
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
        if (attempt < attempts)
          await sleep(Math.max(0, Number(params.delay_after_error) || 0) * 1000, controller.signal);
      }
    }
    // the default value stands in for the component's text output, `content` or (Invoke, tools) `result`
    if (error && params.exception_method === "comment") {
      const value = render(params.exception_default_value, values);
      result = { outputs: { content: value, result: value, error } };
    } else if (error && params.exception_method === "goto")
      result = { outputs: { error }, next: (params.exception_goto ?? []) as string[] };
    const entry: TraceEntry = {
      component_id: id,
      component_name: component.obj.component_name,
      inputs: paramsForTrace(params),
      outputs: result.outputs,
      error,
      elapsed_time: secondsSince(begun),
      created_at: begun,
    };
    trace.push(entry);
    await emit({ event: "node_finished", data: entry });
    if (error && !params.exception_method) {
      failed = topLevelOf(dsl, id);
      throw new RunStopped(`${String(params.name ?? id)}: ${error}`);
    }
    return result;
  };

  // The components inside an Iteration or a Loop, once, from those that no sibling leads to; an ExitLoop ends
  // them early inside a Loop (`inLoop`) only.
  const runNested = (parentId: string, inLoop: boolean) => {
    const children = Object.entries(dsl.components)
      .filter(([, child]) => child.parent_id === parentId)
      .map(([childId]) => childId);
    const starts = children.filter((childId) => !dsl.components[childId]?.upstream.some((up) => children.includes(up)));
    return execute(starts, (candidate) => children.includes(candidate), inLoop);
  };

  // Runs from `starts` over the components `allowed` here; says which one ran last and whether an ExitLoop ended
  // them early (only when `stopsAtExit`: a Loop's body).
  const execute = async (
    starts: string[],
    allowed: (id: string) => boolean,
    stopsAtExit = false,
  ): Promise<{ last: string | null; exited: boolean }> => {
    const queue = [...starts];
    const scheduled = new Set(starts);
    const done = new Set<string>();
    let last: string | null = null;
    let deferredInARow = 0;
    while (queue.length > 0) {
      const id = queue.shift() as string;
      const waitingFor = (dsl.components[id]?.upstream ?? []).filter((up) => scheduled.has(up) && !done.has(up));
      if (waitingFor.length > 0 && deferredInARow < queue.length + 1) {
        queue.push(id);
        deferredInARow++;
        continue;
      }
      deferredInARow = 0;
      await checkLimits();
      const result = await runOne(id);
      values.outputs.set(id, result.outputs);
      done.add(id);
      last = id;
      if (result.message) await show(id, result.message);
      const next = (result.next ?? dsl.components[id]?.downstream ?? []).filter((nextId) => allowed(nextId));
      if (result.awaiting) {
        resume = [id];
        awaiting = { component_id: id, ...result.awaiting };
        return { last, exited: false };
      }
      if (result.pause) {
        resume = next;
        return { last, exited: false };
      }
      if (result.exitLoop && stopsAtExit) return { last, exited: true };
      for (const nextId of next) {
        if (!queue.includes(nextId)) queue.push(nextId);
        scheduled.add(nextId);
      }
    }
    return { last, exited: false };
  };

  let error: string | null = null;
  let cancelled = false;
  try {
    await emit({ event: "workflow_started", data: { inputs: input.inputs } });
    const starts = input.resume.length ? input.resume : ["begin"];
    if (!dsl.components.begin) throw new RunStopped("The flow has no Begin component.");
    await execute(starts, (id) => !input.only && !dsl.components[id]?.parent_id);
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
    cancelled = caught instanceof RunCancelled;
    resume = [];
    awaiting = null;
    if (cancelled) failed = null;
  } finally {
    clearTimeout(deadline);
  }
  // A failed run says so in its answer: clients that read only the messages (RAGFlow's SDK, the OpenAI-compatible
  // routes) must not take what ran before the failure, or nothing at all, for a finished answer.
  if (error && !cancelled) {
    const text = agentErrorText(error);
    await startMessage();
    await say(text);
    messages.push(text);
  }
  const answer = messages.join("\n\n");
  const reference = /\[ID:\d+\]/.test(answer) ? referenceOf(trace) : null;
  if (answer) await emit({ event: "message_end", data: { reference } });
  if (awaiting) await emit({ event: "user_inputs", data: { inputs: awaiting.inputs, tips: awaiting.tips } });
  const outputs = trace.at(-1)?.outputs ?? {};
  await emit({ event: "workflow_finished", data: { outputs, elapsed_time: secondsSince(started), error } });
  const kept = awaiting || failed ? Object.fromEntries(values.outputs) : null;
  return { answer, trace, resume, error, outputs, reference, awaiting, kept, failed };
};

// A step inside an Iteration or a Loop reruns with its whole container.
const topLevelOf = (dsl: Dsl, id: string) => {
  let current = id;
  for (let parent = dsl.components[current]?.parent_id; parent; parent = dsl.components[current]?.parent_id)
    current = parent;
  return current;
};

// The chunks [ID:n] markers point to: those of the last Retrieval of the turn, in the chat's reference shape.
const referenceOf = (trace: TraceEntry[]): Reference | null => {
  const retrieval = trace.findLast(
    (entry) => entry.component_name === "Retrieval" && Array.isArray(entry.outputs.json),
  );
  const chunks = (retrieval?.outputs.json ?? []) as ReferenceChunk[];
  if (chunks.length === 0) return null;
  const aggs = new Map<string, { doc_name: string; doc_id: string; count: number }>();
  for (const chunk of chunks) {
    const entry = aggs.get(chunk.document_id) ?? { doc_name: chunk.document_name, doc_id: chunk.document_id, count: 0 };
    entry.count++;
    aggs.set(chunk.document_id, entry);
  }
  return { total: chunks.length, chunks, doc_aggs: [...aggs.values()] };
};

const paramsForTrace = (params: Record<string, unknown>) =>
  maskSecrets(Object.fromEntries(Object.entries(params).filter(([key]) => !(key in COMMON_PARAMS))));
