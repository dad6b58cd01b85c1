import type { ChatMessage, ToolCall, ToolChatMessage } from "./types";

// A call's arguments as an object, for the wire formats that send objects (Anthropic, Gemini, Ollama, Workers AI).
export const argumentsObject = (call: ToolCall): Record<string, unknown> => {
  try {
    const parsed = JSON.parse(call.arguments || "{}") as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

// Arguments as the JSON text of the shared shape, whether a provider sent an object or a text.
export const argumentsText = (args: unknown) => (typeof args === "string" ? args || "{}" : JSON.stringify(args ?? {}));

// The function name each call id stands for: formats without call ids (Gemini, Ollama) answer a tool by name.
export const callNames = (messages: ToolChatMessage[]) =>
  new Map(
    messages.flatMap((message) =>
      "tool_calls" in message ? message.tool_calls.map((call) => [call.id, call.name] as const) : [],
    ),
  );

// The conversation without tool turns, for a last answer without tools: Anthropic and Gemini refuse tool blocks
// when no tools are offered, so calls and results become text; turns of one role in a row are joined.
export const withoutToolTurns = (messages: ToolChatMessage[]): ChatMessage[] => {
  const names = callNames(messages);
  const flat: ChatMessage[] = [];
  for (const message of messages) {
    const next: ChatMessage =
      message.role === "tool"
        ? { role: "user", content: `Result of ${names.get(message.tool_call_id) ?? "the tool"}:\n${message.content}` }
        : "tool_calls" in message
          ? {
              role: "assistant",
              content: [
                message.content,
                ...message.tool_calls.map((call) => `Called ${call.name} with ${call.arguments}`),
              ]
                .filter(Boolean)
                .join("\n"),
            }
          : message;
    const last = flat.at(-1);
    if (last && last.role === next.role && next.role !== "system")
      flat[flat.length - 1] = { role: last.role, content: `${last.content}\n\n${next.content}` };
    else flat.push(next);
  }
  return flat;
};
