import { effectiveLlmSetting, KNOWLEDGE_KEY, SUGGESTED_QUESTIONS } from "../../contract/chats";
import type { RetrievedChunk } from "../../contract/retrieval";
import type { ChatMessage, ChatModel } from "../../platform/providers/types";
import { answerLanguage, extractiveAnswer, pieces } from "../../rag/chat/extractive";
import { CITATION_GUIDELINES, followUpPrompt, glossaryBlock } from "../../rag/chat/prompts";
import { parseQuestions } from "../../rag/enrich";
import { addUsage } from "../models/usage";
import type { AnswerTurn, GatheredKnowledge } from "./answer-knowledge";
import { fillPrompt, fitMessages } from "./messages";

const NOTHING_FOUND = {
  German: "In den Wissensdatenbanken wurde dazu nichts gefunden.",
  English: "Nothing about this was found in the knowledge bases.",
};
const BUILTIN_NEEDS_KNOWLEDGE = {
  German:
    "Das integrierte Offline-Modell antwortet nur aus Wissensdatenbanken. Fügen Sie dem Assistenten eine Wissensdatenbank hinzu oder wählen Sie ein Chat-Modell.",
  English:
    "The built-in offline model answers only from knowledge bases. Add a knowledge base to this assistant or choose a chat model.",
};

// The assistant's system prompt with its variables and the knowledge filled in, its glossary, and the citation
// guidelines when it quotes what was found.
export const systemPrompt = ({ dialog }: AnswerTurn, values: Record<string, string>, gathered: GatheredKnowledge) => {
  const config = dialog.promptConfig;
  return [
    fillPrompt(config.system, { ...values, [KNOWLEDGE_KEY]: gathered.knowledge.text }),
    glossaryBlock(config.glossary),
    config.quote && gathered.chunks.length ? config.citation_prompt || CITATION_GUIDELINES : "",
  ]
    .filter(Boolean)
    .join("\n\n");
};

// The answer as text deltas: the empty response when nothing was found (no model call), the built-in model's
// extractive answer, or the chat model's stream.
export async function* generateAnswer(
  turn: AnswerTurn,
  gathered: GatheredKnowledge,
  system: string,
  history: ChatMessage[],
): AsyncGenerator<string> {
  const { dialog, model } = turn;
  const config = dialog.promptConfig;
  const { useKnowledge, chunks } = gathered;
  if (useKnowledge && chunks.length === 0) {
    // nothing reached the threshold: the empty response, else a plain sentence, never a model's guess (RAGFlow asks
    // the model without knowledge when no empty response is set)
    yield* pieces(config.empty_response || NOTHING_FOUND[dialog.language]);
  } else if (!model) {
    const text = useKnowledge
      ? extractiveAnswer(gathered.question, chunks, answerLanguage(gathered.question, dialog.language))
      : BUILTIN_NEEDS_KNOWLEDGE[dialog.language];
    // without citations (quote off) the markers go too
    yield* pieces(config.quote ? text : text.replace(/ ?\[ID:\d+\]/g, ""));
  } else {
    yield* streamAnswer(model, turn, gathered, system, history);
  }
}

async function* streamAnswer(
  model: ChatModel,
  { dialog, usage, signal }: AnswerTurn,
  { budget, maxAnswer }: GatheredKnowledge,
  system: string,
  history: ChatMessage[],
): AsyncGenerator<string> {
  const messages = fitMessages(system, history, Math.floor(budget * 0.95) - (maxAnswer ?? 0));
  const {
    freedom: _freedom,
    model_type: _type,
    max_tokens: _max,
    ...sampling
  } = effectiveLlmSetting(dialog.llmSetting);
  for await (const part of model.stream(messages, { ...sampling, max_tokens: maxAnswer, signal })) {
    if ("delta" in part) yield part.delta;
    else addUsage(usage, part.usage);
  }
}

// Follow-up questions (suggested_questions): the chat model's, or the built-in model's from the chunks' own
// questions other than the one just asked.
export const relatedQuestions = async (
  { dialog, model, ask }: AnswerTurn,
  question: string,
  latest: string,
  body: string,
  chunks: RetrievedChunk[],
): Promise<string[]> => {
  const config = dialog.promptConfig;
  if (!config.suggested_questions || chunks.length === 0) return [];
  if (model)
    return parseQuestions(
      await ask(followUpPrompt(config.followup_prompt, question, body, SUGGESTED_QUESTIONS), 0.7),
      SUGGESTED_QUESTIONS,
    );
  return [...new Set(chunks.flatMap((chunk) => chunk.questions))]
    .filter((candidate) => candidate.toLowerCase() !== latest.toLowerCase())
    .slice(0, SUGGESTED_QUESTIONS);
};
