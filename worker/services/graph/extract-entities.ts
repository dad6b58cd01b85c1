import type { GraphragMethod } from "../../contract/parser-config";
import type { ChatMessage, ChatModel, TokenUsage } from "../../platform/providers/types";
import type { Extraction } from "../../contract/knowledge-graph";
import {
  CONTINUE_PROMPT,
  extractionPrompt,
  LOOP_PROMPT,
  MAX_GLEANINGS,
  parseExtraction,
  wantsMoreGleaning,
} from "../../rag/graph/extract";
import { type Asked, askModel } from "../index-kit/ask-model";
import { addUsage } from "../models/usage";

const OPTIONS = { temperature: 0.1 };

const asAnswer = (extraction: Extraction): ChatMessage => ({ role: "assistant", content: JSON.stringify(extraction) });

// Whether anything is still missing (a failed call counts as no).
const wantsMore = async (model: ChatModel, history: ChatMessage[], usage: TokenUsage) => {
  try {
    const answer = await model.complete([...history, { role: "user", content: LOOP_PROMPT }], { temperature: 0 });
    addUsage(usage, answer.usage);
    return wantsMoreGleaning(answer.text);
  } catch {
    return false;
  }
};

// The entities and relations of one chunk: the first answer, then up to two gleanings of what it missed (a
// gleaning that fails ends the gleaning, not the chunk).
export const extractEntities = async (
  model: ChatModel,
  content: string,
  entityTypes: string[],
  method: GraphragMethod,
  usage: TokenUsage,
): Promise<Asked<Extraction>> => {
  const prompt = extractionPrompt(content, entityTypes, method);
  const first = await askModel(model, prompt, OPTIONS, (answer) => parseExtraction(answer, entityTypes), usage);
  if (!("value" in first)) return first;
  const extraction = first.value;
  const history = [...prompt, asAnswer(extraction)];
  for (let round = 1; round <= MAX_GLEANINGS; round++) {
    history.push({ role: "user", content: CONTINUE_PROMPT });
    // asked once: "nothing more" in prose is an answer too
    const more = await askModel(
      model,
      history,
      OPTIONS,
      (answer) => parseExtraction(answer, entityTypes, extraction.entities),
      usage,
      1,
    );
    if (!("value" in more)) break;
    extraction.entities.push(...more.value.entities);
    extraction.relations.push(...more.value.relations);
    history.push(asAnswer(more.value));
    if (round === MAX_GLEANINGS || !(await wantsMore(model, history, usage))) break;
  }
  return { value: extraction };
};
