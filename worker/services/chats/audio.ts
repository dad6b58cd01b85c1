import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { resolveModel } from "../models/resolve";

const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

const tenantOf = (ctx: ServiceContext) => ctx.db.query.tenants.findFirst({ where: eq(tenants.id, ctx.actor.tenantId) });

// Read aloud with the tenant's text-to-speech model (RAGFlow: /chat/audio/speech → audio/mpeg).
export const speak = async (ctx: ServiceContext, text: string) => {
  const tenant = await tenantOf(ctx);
  if (!tenant?.ttsId) throw dataError("No default TTS model is set");
  const model = await resolveModel(ctx, ctx.actor.tenantId, tenant.ttsId, "tts");
  // markdown, citation markers and emoji are not read out
  const plain = text.replace(/\[ID:\d+\]/g, "").replace(/[#*_`>|]/g, "").replace(/\p{Extended_Pictographic}/gu, "");
  return model.speak(plain);
};

export const transcribe = async (ctx: ServiceContext, file: File) => {
  if (file.size === 0) throw dataError("The audio file is empty.");
  if (file.size > MAX_AUDIO_BYTES) throw dataError("The audio file is larger than 10 MB.");
  const tenant = await tenantOf(ctx);
  if (!tenant?.asrId) throw dataError("No default ASR model is set");
  const model = await resolveModel(ctx, ctx.actor.tenantId, tenant.asrId, "speech2text");
  return { text: await model.transcribe(new Uint8Array(await file.arrayBuffer()), file.name || "speech.webm") };
};
