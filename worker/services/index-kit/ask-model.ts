import type { ChatMessage, ChatModel, ChatOptions, TokenUsage } from "../../platform/providers/types";
import { addUsage } from "../models/usage";

const ATTEMPTS = 3;

export type Asked<T> = { value: T } | { reason: string };

// One step of a dataset task: asks the model up to three times (or `attempts`) for an answer `parse` accepts
// (null = not usable), adding what each call used to `usage`; the reason of the last failure otherwise.
export const askModel = async <T>(
  model: ChatModel,
  messages: ChatMessage[],
  options: ChatOptions,
  parse: (answer: string) => T | null,
  usage: TokenUsage,
  attempts = ATTEMPTS,
): Promise<Asked<T>> => {
  let reason = "the answer was not in the asked format";
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const answer = await model.complete(messages, options);
      addUsage(usage, answer.usage);
      const value = parse(answer.text);
      if (value !== null) return { value };
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  return { reason };
};

// A step that failed too often ends the task; fewer failures are noted and skipped.
export const failureCounter = (
  limit: number,
  note: (message: string) => Promise<void>,
  stop: (failures: number, reason: string) => Error,
) => {
  let failures = 0;
  return async (what: string, reason: string) => {
    failures++;
    await note(`${what} was skipped: ${reason}`);
    if (failures >= limit) throw stop(failures, reason);
  };
};
