import { Hono } from "hono";
import { CompletionSchema, RecommendationSchema, SpeechSchema } from "../contract/chats";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { dataError } from "../lib/errors";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { speak, transcribe } from "../services/chats/audio";
import { getDialogInTenant } from "../services/chats/access";
import { recommendQuestions } from "../services/searches/related";
import { MindMapSchema } from "../contract/mindmap";
import { questionMindMap } from "../services/searches/mindmap";
import { respondToCompletion } from "./chat-completions";
import { requireArguments } from "./required-arguments";

// /chat: completions with chat_id in the body, related questions, mind maps, read aloud and speech input.
export const chatToolRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/completions", jsonBodyAsDataError(CompletionSchema), async (c) => {
    const input = c.req.valid("json");
    if (!input.chat_id)
      throw dataError(
        input.session_id ? "`chat_id` is required when `session_id` is provided." : "`chat_id` is required.",
      );
    return respondToCompletion(c, await getDialogInTenant(serviceContext(c), input.chat_id), input);
  })
  .post("/recommendation", requireArguments("question"), jsonBodyAsDataError(RecommendationSchema), async (c) =>
    ok(c, await recommendQuestions(serviceContext(c), c.req.valid("json"))),
  )
  .post("/mindmap", jsonBodyAsDataError(MindMapSchema), async (c) =>
    ok(c, await questionMindMap(serviceContext(c), c.req.valid("json"))),
  )
  .post("/audio/speech", jsonBodyAsDataError(SpeechSchema), async (c) => {
    const { audio, mimeType } = await speak(serviceContext(c), c.req.valid("json").text);
    return new Response(new Blob([new Uint8Array(audio)]), {
      headers: { "Content-Type": mimeType, "Cache-Control": "no-store" },
    });
  })
  .post("/audio/transcription", async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) throw dataError("`file` is required (multipart/form-data).");
    return ok(c, await transcribe(serviceContext(c), file));
  });
