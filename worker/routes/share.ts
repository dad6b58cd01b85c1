import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { CompletionSchema, FeedbackSchema, SpeechSchema, UpdateSessionSchema } from "../contract/chats";
import { speak } from "../services/chats/audio";
import { VisitorSchema } from "../contract/share";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { dataError } from "../lib/errors";
import { sseResponse } from "../lib/sse";
import { credentialOf } from "../middleware/auth";
import { depsOf, serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError } from "../middleware/validate";
import { sharedAgentInfo } from "../services/agents/get";
import { admitShared, openSharedAgent, openSharedChat } from "../services/share/guard";
import { CompletionBody, respond } from "./agents";
import { fileResponse, readForm, uploadedFiles } from "./file-transfer";
import { downloadAttachment } from "../services/agents/attachments/download";
import { readInputFile } from "../services/agents/upload";
import {
  prepareVisitorCompletion,
  removeVisitorSession,
  renameVisitorSession,
  sharedChatInfo,
  startVisitorSession,
  visitorFeedback,
  visitorSession,
  visitorSessions,
} from "../services/share/shared-chat";
import { envelopes, nonStreamAnswer } from "./chat-completions";

const CORS_HEADERS = {
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, x-d1-bookmark",
  "Access-Control-Max-Age": "600",
};

const visitorOf = (c: Context<AppEnv>) => {
  const parsed = v.safeParse(VisitorSchema, c.req.query("visitor_id"));
  if (!parsed.success) throw dataError(parsed.issues[0]?.message ?? "`visitor_id` is required.");
  return parsed.output;
};

// Every shared-chat request: a share token for THIS chat of THIS tenant, an allowed origin, within limits.
const shareAccess = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  // answers and read-aloud are model calls: they count against the link's daily cap
  const isAnswer =
    c.req.method === "POST" && (c.req.path.endsWith("/completions") || c.req.path.endsWith("/audio/speech"));
  const access = await openSharedChat(depsOf(c), credentialOf(c), c.req.param("chatId") ?? "", isAnswer);
  await admitShared(depsOf(c), access, origin, new URL(c.req.url).origin);
  const visitorId = visitorOf(c);
  c.set("share", access);
  c.set("visitorId", visitorId);
  c.set("actor", { userId: visitorId, tenantId: access.token.tenantId, role: "normal", via: "share", sessionId: null });
  await next();
  if (origin) {
    c.header("Access-Control-Allow-Origin", origin);
    c.header("Vary", "Origin");
  }
});

// The shared agent flow: the same checks; a visitor's conversations are agent sessions of that visitor.
const shareAgentAccess = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  const access = await openSharedAgent(
    depsOf(c),
    credentialOf(c),
    c.req.param("agentId") ?? "",
    c.req.method === "POST",
  );
  await admitShared(depsOf(c), access, origin, new URL(c.req.url).origin);
  c.set("actor", {
    userId: visitorOf(c),
    tenantId: access.token.tenantId,
    role: "normal",
    via: "share",
    sessionId: null,
  });
  await next();
  if (origin) {
    c.header("Access-Control-Allow-Origin", origin);
    c.header("Vary", "Origin");
  }
});

// /share/chats/{chat_id}/…: the shared and embedded chat (token in Authorization or ?auth=, visitor in ?visitor_id=).
export const shareRoutes = new Hono<AppEnv>()
  .options("/chats/:chatId/*", (c) =>
    c.body(null, 204, { ...CORS_HEADERS, "Access-Control-Allow-Origin": c.req.header("Origin") ?? "*" }),
  )
  // "/chats/:chatId/*" matches "/chats/:chatId" too: a second `use` for it would count each request twice
  .use("/chats/:chatId/*", shareAccess)
  .get("/chats/:chatId", (c) => ok(c, sharedChatInfo(c.var.share.dialog)))
  .get("/chats/:chatId/sessions", async (c) =>
    ok(c, await visitorSessions(serviceContext(c), c.var.share.dialog, c.var.visitorId)),
  )
  .post(
    "/chats/:chatId/sessions",
    jsonBodyAsDataError(v.object({ name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(255)), "New chat") })),
    async (c) =>
      ok(
        c,
        await startVisitorSession(
          serviceContext(c),
          c.var.share.dialog,
          c.var.visitorId,
          c.req.valid("json").name || "New chat",
        ),
      ),
  )
  .get("/chats/:chatId/sessions/:sessionId", async (c) =>
    ok(c, await visitorSession(serviceContext(c), c.var.share.dialog, c.var.visitorId, c.req.param("sessionId"))),
  )
  .patch("/chats/:chatId/sessions/:sessionId", jsonBodyAsDataError(UpdateSessionSchema), async (c) =>
    ok(
      c,
      await renameVisitorSession(
        serviceContext(c),
        c.var.share.dialog,
        c.var.visitorId,
        c.req.param("sessionId"),
        c.req.valid("json").name,
      ),
    ),
  )
  .delete("/chats/:chatId/sessions/:sessionId", async (c) =>
    ok(c, await removeVisitorSession(serviceContext(c), c.var.share.dialog, c.var.visitorId, c.req.param("sessionId"))),
  )
  // read aloud on the shared chat, with the team's TTS model, when the assistant has it switched on
  .post("/chats/:chatId/audio/speech", jsonBodyAsDataError(SpeechSchema), async (c) => {
    if (!c.var.share.dialog.promptConfig.tts) throw dataError("Read aloud is off for this assistant.");
    const { audio, mimeType } = await speak(serviceContext(c), c.req.valid("json").text);
    return new Response(new Blob([new Uint8Array(audio)]), {
      headers: { "Content-Type": mimeType, "Cache-Control": "no-store" },
    });
  })
  .put(
    "/chats/:chatId/sessions/:sessionId/messages/:messageId/feedback",
    jsonBodyAsDataError(FeedbackSchema),
    async (c) =>
      ok(
        c,
        await visitorFeedback(
          serviceContext(c),
          c.var.share.dialog,
          c.var.visitorId,
          c.req.param("sessionId"),
          c.req.param("messageId"),
          c.req.valid("json"),
        ),
      ),
  )
  .options("/agents/:agentId/*", (c) =>
    c.body(null, 204, { ...CORS_HEADERS, "Access-Control-Allow-Origin": c.req.header("Origin") ?? "*" }),
  )
  .use("/agents/:agentId/*", shareAgentAccess)
  .get("/agents/:agentId", async (c) => ok(c, await sharedAgentInfo(serviceContext(c), c.req.param("agentId"))))
  .post("/agents/:agentId/completions", CompletionBody, async (c) =>
    respond(c, c.req.param("agentId"), c.req.valid("json")),
  )
  .get("/agents/:agentId/attachments/:docId/:filename", async (c) =>
    fileResponse(
      await downloadAttachment(
        serviceContext(c),
        c.req.param("agentId"),
        c.req.param("docId"),
        c.req.param("filename"),
      ),
    ),
  )
  .post("/agents/:agentId/upload", async (c) =>
    ok(c, await readInputFile(serviceContext(c), c.req.param("agentId"), uploadedFiles(await readForm(c.req.raw)))),
  )
  .post("/chats/:chatId/completions", jsonBodyAsDataError(CompletionSchema), async (c) => {
    const input = c.req.valid("json");
    const prepared = await prepareVisitorCompletion(
      serviceContext(c),
      c.var.share.dialog,
      c.var.visitorId,
      input,
      (work) => c.executionCtx.waitUntil(work),
    );
    if (input.stream) return sseResponse((signal) => envelopes(prepared.frames(signal)));
    return ok(c, await nonStreamAnswer(prepared, c.var.share.dialog.id));
  });
