import { Hono } from "hono";
import {
  CompletionSchema,
  CreateChatSchema,
  CreateSessionSchema,
  DateRangeQuerySchema,
  FeedbackSchema,
  ListChatsQuerySchema,
  ListSessionsQuerySchema,
  ReplaceChatSchema,
  UpdateChatSchema,
  UpdateSessionSchema,
} from "../contract/chats";
import { DeleteByAnyIdsSchema } from "../contract/datasets";
import { ShareTokenSchema, UpdateShareTokenSchema } from "../contract/share";
import type { AppEnv } from "../env";
import { bulkMessage } from "../lib/bulk-report";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { exportHistory } from "../services/chats/export";
import { listChats } from "../services/chats/list";
import { createChat } from "../services/chats/create";
import { getChat } from "../services/chats/get";
import { getDialogInTenant } from "../services/chats/access";
import { removeChat, removeChats } from "../services/chats/remove";
import { replaceChat } from "../services/chats/replace";
import { updateChat } from "../services/chats/update";
import { toSession } from "../services/chats/serialize";
import {
  getConversation,
  listConversations,
  openConversation,
  removeConversations,
  removeMessage,
  renameConversation,
  setFeedback,
} from "../services/chats/sessions";
import { chatStats } from "../services/chats/stats";
import { createShareToken, listShareTokens, removeShareToken, updateShareToken } from "../services/share-links/tokens";
import { respondToCompletion } from "./chat-completions";

// /chats: assistants, their sessions, completions (the SDK's alias), stats and export.
export const chatRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", jsonBodyAsDataError(CreateChatSchema), async (c) =>
    ok(c, await createChat(serviceContext(c), c.req.valid("json"))),
  )
  .get("/", queryParams(ListChatsQuerySchema), async (c) =>
    ok(c, await listChats(serviceContext(c), c.req.valid("query"))),
  )
  .delete("/", jsonBodyAsDataError(DeleteByAnyIdsSchema), async (c) => {
    const report = await removeChats(serviceContext(c), c.req.valid("json"));
    return ok(c, report, bulkMessage(report, "deleted", "chats"));
  })
  .get("/:chatId", async (c) => ok(c, await getChat(serviceContext(c), c.req.param("chatId"))))
  .put("/:chatId", jsonBodyAsDataError(ReplaceChatSchema), async (c) =>
    ok(c, await replaceChat(serviceContext(c), c.req.param("chatId"), c.req.valid("json"))),
  )
  .patch("/:chatId", jsonBodyAsDataError(UpdateChatSchema), async (c) =>
    ok(c, await updateChat(serviceContext(c), c.req.param("chatId"), c.req.valid("json"))),
  )
  .delete("/:chatId", async (c) => ok(c, await removeChat(serviceContext(c), c.req.param("chatId"))))
  .post("/:chatId/sessions", jsonBodyAsDataError(CreateSessionSchema), async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    const input = c.req.valid("json");
    const source = ctx.actor.via === "session" ? "web" : "api";
    return ok(c, toSession(await openConversation(ctx, dialog, input.name, input.user_id ?? ctx.actor.userId, source)));
  })
  .get("/:chatId/sessions", queryParams(ListSessionsQuerySchema), async (c) => {
    const ctx = serviceContext(c);
    return ok(
      c,
      await listConversations(ctx, await getDialogInTenant(ctx, c.req.param("chatId")), c.req.valid("query")),
    );
  })
  .delete("/:chatId/sessions", jsonBodyAsDataError(DeleteByAnyIdsSchema), async (c) => {
    const ctx = serviceContext(c);
    const input = c.req.valid("json");
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    const report = await removeConversations(ctx, dialog, input.ids, input.delete_all);
    return ok(c, report, report === true ? "success" : bulkMessage(report, "deleted", "sessions"));
  })
  .get("/:chatId/sessions/:sessionId", async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    // RAGFlow adds the assistant's avatar to one session
    return ok(c, {
      ...toSession(await getConversation(ctx, dialog, c.req.param("sessionId"))),
      avatar: dialog.icon ?? "",
    });
  })
  .on(["PATCH", "PUT"], "/:chatId/sessions/:sessionId", jsonBodyAsDataError(UpdateSessionSchema), async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    return ok(c, await renameConversation(ctx, dialog, c.req.param("sessionId"), c.req.valid("json").name));
  })
  .delete("/:chatId/sessions/:sessionId/messages/:messageId", async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    return ok(c, await removeMessage(ctx, dialog, c.req.param("sessionId"), c.req.param("messageId")));
  })
  .put("/:chatId/sessions/:sessionId/messages/:messageId/feedback", jsonBodyAsDataError(FeedbackSchema), async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    return ok(
      c,
      await setFeedback(ctx, dialog, c.req.param("sessionId"), c.req.param("messageId"), c.req.valid("json")),
    );
  })
  .post("/:chatId/completions", jsonBodyAsDataError(CompletionSchema), async (c) => {
    const dialog = await getDialogInTenant(serviceContext(c), c.req.param("chatId"));
    return respondToCompletion(c, dialog, c.req.valid("json"));
  })
  .get("/:chatId/stats", queryParams(DateRangeQuerySchema), async (c) => {
    const ctx = serviceContext(c);
    return ok(c, await chatStats(ctx, await getDialogInTenant(ctx, c.req.param("chatId")), c.req.valid("query")));
  })
  .get("/:chatId/export", queryParams(DateRangeQuerySchema), async (c) => {
    const ctx = serviceContext(c);
    const file = await exportHistory(ctx, await getDialogInTenant(ctx, c.req.param("chatId")), c.req.valid("query"));
    return c.body(file.body, 200, {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.file)}`,
    });
  })
  // share links of an assistant (Buddy's design; see docs/sharing.md)
  .get("/:chatId/share-tokens", async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    return ok(c, await listShareTokens(ctx, { type: "chat", id: dialog.id }));
  })
  .post("/:chatId/share-tokens", jsonBodyAsDataError(ShareTokenSchema), async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    return ok(c, await createShareToken(ctx, { type: "chat", id: dialog.id }, c.req.valid("json")));
  })
  .patch("/:chatId/share-tokens/:tokenId", jsonBodyAsDataError(UpdateShareTokenSchema), async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    return ok(
      c,
      await updateShareToken(ctx, { type: "chat", id: dialog.id }, c.req.param("tokenId"), c.req.valid("json")),
    );
  })
  .delete("/:chatId/share-tokens/:tokenId", async (c) => {
    const ctx = serviceContext(c);
    const dialog = await getDialogInTenant(ctx, c.req.param("chatId"));
    return ok(c, await removeShareToken(ctx, { type: "chat", id: dialog.id }, c.req.param("tokenId")));
  });
