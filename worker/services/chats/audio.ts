import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { toHex } from "../../lib/ids";
import type { ServiceContext } from "../context";
import { resolveModel } from "../models/resolve";

const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

const tenantOf = (ctx: ServiceContext) => ctx.db.query.tenants.findFirst({ where: eq(tenants.id, ctx.actor.tenantId) });

// markdown, citation markers and emoji are not read out
const speakable = (text: string) =>
  text
    .replace(/\[ID:\d+\]/g, "")
    .replace(/[#*_`>|]/g, "")
    .replace(/\p{Extended_Pictographic}/gu, "");

// Read aloud with the tenant's text-to-speech model (RAGFlow: /chat/audio/speech → audio/mpeg).
export const speak = async (ctx: ServiceContext, text: string) => {
  const tenant = await tenantOf(ctx);
  if (!tenant?.ttsId) throw dataError("No default TTS model is set");
  const model = await resolveModel(ctx, ctx.actor.tenantId, tenant.ttsId, "tts");
  return model.speak(speakable(text));
};

// A sentence is read out once it is complete and long enough to be worth a call (RAGFlow reads every delta).
const MIN_SPOKEN = 16;
const SENTENCE_END = /[.!?;:。！？\n](?=\s|$)/g;

// Where the last finished sentence of the text ends (-1: none yet).
const lastSentenceEnd = (text: string) =>
  Math.max(-1, ...[...text.matchAll(SENTENCE_END)].map((match) => match.index + 1));

export type AnswerSpeaker = Awaited<ReturnType<typeof answerSpeaker>>;

// RAGFlow's `tts` switch: an answer's text as audio (hex of the bytes, its `audio_binary`) while it streams,
// sentence by sentence, with the tenant's TTS model; null without one (or when a call fails: the text matters more).
export const answerSpeaker = async (ctx: ServiceContext, on: boolean) => {
  const tenant = on ? await tenantOf(ctx) : null;
  const model = tenant?.ttsId
    ? await resolveModel(ctx, ctx.actor.tenantId, tenant.ttsId, "tts").catch(() => null)
    : null;
  let pending = "";
  const say = async (text: string) => {
    const plain = speakable(text).trim();
    if (!model || !plain) return null;
    return model
      .speak(plain)
      .then(({ audio }) => toHex(audio))
      .catch(() => null);
  };
  return {
    // the audio of the sentences this delta completes
    delta: async (delta: string) => {
      pending += delta;
      const end = lastSentenceEnd(pending);
      if (end < 0 || pending.slice(0, end).trim().length < MIN_SPOKEN) return null;
      const text = pending.slice(0, end);
      pending = pending.slice(end);
      return say(text);
    },
    // what is left at the end of the answer
    rest: () => say(pending),
    whole: (text: string) => say(text),
  };
};

export const transcribe = async (ctx: ServiceContext, file: File) => {
  if (file.size === 0) throw dataError("The audio file is empty.");
  if (file.size > MAX_AUDIO_BYTES) throw dataError("The audio file is larger than 10 MB.");
  const tenant = await tenantOf(ctx);
  if (!tenant?.asrId) throw dataError("No default ASR model is set");
  const model = await resolveModel(ctx, ctx.actor.tenantId, tenant.asrId, "speech2text");
  return { text: await model.transcribe(new Uint8Array(await file.arrayBuffer()), file.name || "speech.webm") };
};
