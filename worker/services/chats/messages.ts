import { KNOWLEDGE_KEY, type PromptConfig } from "../../contract/chats";
import { dataError } from "../../lib/errors";
import type { ChatMessage } from "../../platform/providers/types";
import { countTokens } from "../../rag/tokens";

// Values for the assistant's prompt variables: required ones must be given, optional ones become " ".
export const variableValues = (config: PromptConfig, given: Record<string, unknown>) => {
  const values: Record<string, string> = {};
  for (const parameter of config.parameters) {
    if (parameter.key === KNOWLEDGE_KEY) continue;
    const value = given[parameter.key];
    if (value === undefined || value === null || value === "") {
      if (!parameter.optional) throw dataError(`Miss parameter: ${parameter.key}`);
      values[parameter.key] = " ";
    } else values[parameter.key] = String(value);
  }
  return values;
};

export const fillPrompt = (template: string, values: Record<string, string>) =>
  template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, key: string) => values[key] ?? whole);

// RAGFlow's message_fit_in: the system prompt plus as much recent history as fits; leading assistant
// messages (the opener) are not sent; the last user message is always kept, cut if it alone is too long.
export const fitMessages = (system: string, history: ChatMessage[], budget: number): ChatMessage[] => {
  const conversation = history.filter((message) => message.role !== "system");
  while (conversation[0]?.role === "assistant") conversation.shift();
  let used = countTokens(system);
  const kept: ChatMessage[] = [];
  for (const message of conversation.toReversed()) {
    const tokens = countTokens(message.content);
    if (kept.length > 0 && used + tokens > budget) break;
    kept.unshift(message);
    used += tokens;
  }
  const last = kept.at(-1);
  if (last && used > budget) {
    const room = Math.max(64, budget - countTokens(system));
    kept[kept.length - 1] = { ...last, content: last.content.slice(0, room * 3) };
  }
  return [{ role: "system", content: system }, ...kept];
};
