import { Hono } from "hono";
import { OpenAiCompletionSchema } from "../contract/chats";
import type { AppEnv } from "../env";
import { AppError, dataError, RetCode } from "../lib/errors";
import { sseResponse } from "../lib/sse";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { asDialogTenant, getDialogInTenant } from "../services/chats/access";
import { openAiCompletion } from "../services/chats/openai";

// /openai/{chat_id}/chat/completions and /chats_openai/{chat_id}/chat/completions (OpenAI's shape).
export const openAiChatRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/:chatId/chat/completions", jsonBodyAsDataError(OpenAiCompletionSchema), async (c) => {
    const base = serviceContext(c);
    const chatId = c.req.param("chatId");
    // RAGFlow v0.27's words on this route, for an unknown id as for another's (nothing tells them apart)
    const dialog = await getDialogInTenant(base, chatId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === RetCode.AUTHENTICATION_ERROR
        ? dataError(`You don't own the chat ${chatId}`)
        : error;
    });
    const input = c.req.valid("json");
    const completion = await openAiCompletion(asDialogTenant(base, dialog), dialog, input, base.actor.userId);
    if (input.stream) return sseResponse((signal) => completion.stream(signal));
    return c.json(await completion.complete());
  });
