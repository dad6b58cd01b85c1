import { eq } from "drizzle-orm";
import { tasks, type TaskRow } from "../../db/schema";
import { isolateStartedAt } from "../../lib/isolate";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";
import { appendLine, progressLine } from "../progress/lines";
import { failTask } from "./fail";

// What a task reports as it starts parsing and once the parser returned: an attempt that died in between died
// inside the parser.
export const PARSE_STARTED = 0.1;
export const PARSE_FINISHED = 0.5;
const MAX_PARSE_STALLS = 2;

// Work that has reported nothing since this moment is dead: silent for the stall time or, where one process runs
// everything (wrangler dev), silent since before this process started.
export const stallCutoff = (deps: Deps) => {
  const stalled = nowMs() - deps.config.taskStallMs;
  return deps.config.localStack ? Math.max(stalled, isolateStartedAt()) : stalled;
};

export const isSilent = (deps: Deps, task: Pick<TaskRow, "heartbeatAt">) => (task.heartbeatAt ?? 0) < stallCutoff(deps);

// An attempt of a running task died. Dying inside the parser twice means the file itself exhausts the CPU time or
// memory a task has, so the task fails for good instead of retrying into the same wall. Returns whether it may run again.
export const settleDeadAttempt = async (deps: Deps, task: TaskRow) => {
  if (task.progress < PARSE_STARTED || task.progress >= PARSE_FINISHED) return true;
  const stalls = task.parseStalls + 1;
  if (stalls >= MAX_PARSE_STALLS) {
    await failTask(
      deps,
      task.id,
      `Parsing stopped responding ${stalls} times at the same step: the file needs more CPU time or memory than one task has. Split the file or parse a smaller page range.`,
    );
    return false;
  }
  const line = progressLine("[WARN] Parsing stopped responding; trying once more.", task.fromPage, task.toPage);
  await deps.db
    .update(tasks)
    .set({ parseStalls: stalls, progressMsg: appendLine(task.progressMsg, line) })
    .where(eq(tasks.id, task.id));
  return true;
};
