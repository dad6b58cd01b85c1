import { BUILTIN_CHAT_ID } from "./chats";

// Which chat models can call tools (an Agent's function calling), shared by the worker and the editor.
// Every provider's adapter has it except the built-in offline model; of Workers AI only the models Cloudflare's
// catalogue marks "Function calling" (developers.cloudflare.com/workers-ai/models, checked 2026-11; gpt-oss takes
// Chat Completions tool calls since Cloudflare's gpt-oss changelog entry) — the others ignore tools.
export const WORKERS_AI_TOOL_MODELS = new Set([
  "@hf/nousresearch/hermes-2-pro-mistral-7b",
  "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  "@cf/meta/llama-4-scout-17b-16e-instruct",
  "@cf/mistralai/mistral-small-3.1-24b-instruct",
  "@cf/qwen/qwen3-30b-a3b-fp8",
  "@cf/openai/gpt-oss-120b",
  "@cf/openai/gpt-oss-20b",
  "@cf/ibm-granite/granite-4.0-h-micro",
]);

const WORKERS_AI = "Workers AI";

// A model id is "name@provider" or "name@instance@provider"; Workers AI names start with "@" themselves.
export const canCallTools = (modelId: string) => {
  if (modelId === BUILTIN_CHAT_ID) return false;
  const last = modelId.lastIndexOf("@");
  if (last <= 0 || modelId.slice(last + 1) !== WORKERS_AI) return true;
  const rest = modelId.slice(0, last);
  const instance = rest.indexOf("@", 1);
  return WORKERS_AI_TOOL_MODELS.has(instance > 0 ? rest.slice(0, instance) : rest);
};

// The run's error for a model without function calling; the editor finds the model in it to say it in its words.
export const toolsUnsupportedMessage = (modelId: string) =>
  `Model ${modelId}${modelId === BUILTIN_CHAT_ID ? " (the built-in offline model)" : ""} does not support tool calls.`;
const UNSUPPORTED = /Model (.+?)(?: \(the built-in offline model\))? does not support tool calls\./;
export const toolsUnsupportedModel = (error: string) => UNSUPPORTED.exec(error)?.[1] ?? null;
