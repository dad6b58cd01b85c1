import { Hono } from "hono";
import type { AppEnv } from "./env";
import { limitBody } from "./middleware/body-limit";
import { emptyJsonBodyAsObject } from "./middleware/empty-body";
import { handleError, handleNotFound } from "./middleware/errors";
import { init } from "./middleware/init";
import { methodNotAllowedOr } from "./middleware/method-not-allowed";
import { securityHeaders } from "./middleware/security-headers";
import { countRequests } from "./middleware/usage";
import { agentAttachmentRoutes } from "./routes/agent-attachments";
import { agentRoutes, openAiAgentRoutes } from "./routes/agents";
import { agentRunRoutes } from "./routes/agent-runs";
import { agentSupportRoutes } from "./routes/agent-support";
import { agentVersionRoutes } from "./routes/agent-versions";
import { agentWebhookRoutes } from "./routes/agent-webhooks";
import { agentScheduleRoutes } from "./routes/agent-schedules";
import { authRoutes } from "./routes/auth";
import { chatToolRoutes } from "./routes/chat-tools";
import { openAiChatRoutes } from "./routes/openai-chat";
import { chatRoutes } from "./routes/chats";
import { mountDocs } from "./routes/docs";
import { evaluationRoutes } from "./routes/evaluation";
import { shareRoutes } from "./routes/share";
import { SHARE_PAGES, sharePage } from "./routes/share-page";
import { spaPage } from "./routes/spa-page";
import { chunkRoutes } from "./routes/chunks";
import { datasetRoutes } from "./routes/datasets";
import { documentDownloadRoutes } from "./routes/document-download";
import { documentImageRoutes } from "./routes/document-image";
import { documentRoutes } from "./routes/documents";
import { fileRoutes } from "./routes/files";
import { modelRoutes, tenantModelRoutes } from "./routes/models";
import { providerRoutes } from "./routes/providers";
import { retrievalRoutes } from "./routes/retrieval";
import { difyRoutes } from "./routes/dify";
import { searchRoutes } from "./routes/searches";
import { systemRoutes } from "./routes/system";
import { systemExtraRoutes } from "./routes/system-extras";
import { langfuseRoutes } from "./routes/langfuse";
import { pluginToolRoutes } from "./routes/plugin-tools";
import { taskRoutes } from "./routes/tasks";
import { teamRoutes } from "./routes/teams";
import { tokenRoutes } from "./routes/tokens";
import { userRoutes } from "./routes/users";
import { usageRoutes } from "./routes/usage";
import { promptTemplateRoutes } from "./routes/prompt-templates";
import { healthz } from "./routes/system";
import { mcpRoutes } from "./routes/mcp";
import { mcpServerRoutes } from "./routes/mcp-servers";
import { memoryRoutes, messageRoutes } from "./routes/memories";

const api = new Hono<AppEnv>()
  .route("/auth", authRoutes)
  .route("/users/me/models", tenantModelRoutes)
  .route("/users", userRoutes)
  .route("/datasets/:datasetId/documents/:documentId/chunks", chunkRoutes)
  .route("/datasets/:datasetId/documents", documentRoutes)
  .route("/document", documentImageRoutes)
  .route("/documents", documentDownloadRoutes)
  .route("/datasets", datasetRoutes)
  .route("/retrieval", retrievalRoutes)
  .route("/dify", difyRoutes)
  .route("/files", fileRoutes)
  .route("/chats", chatRoutes)
  .route("/chat", chatToolRoutes)
  .route("/openai", openAiChatRoutes)
  .route("/chats_openai", openAiChatRoutes)
  .route("/agents", agentSupportRoutes)
  .route("/agents", agentVersionRoutes)
  .route("/agents", agentWebhookRoutes)
  .route("/agents", agentScheduleRoutes)
  .route("/agents", agentAttachmentRoutes)
  .route("/agents", agentRunRoutes)
  .route("/agents", agentRoutes)
  .route("/evaluation", evaluationRoutes)
  .route("/agents_openai", openAiAgentRoutes)
  .route("/share", shareRoutes)
  .route("/", searchRoutes)
  .route("/models", modelRoutes)
  .route("/providers", providerRoutes)
  .route("/tenants", teamRoutes)
  .route("/usage", usageRoutes)
  .route("/prompt-templates", promptTemplateRoutes)
  .route("/memories", memoryRoutes)
  .route("/messages", messageRoutes)
  .route("/system/tokens", tokenRoutes)
  .route("/system", systemRoutes)
  .route("/system", systemExtraRoutes)
  .route("/plugin", pluginToolRoutes)
  .route("/langfuse", langfuseRoutes)
  .route("/tasks", taskRoutes)
  .route("/mcp/servers", mcpServerRoutes);

export const app = new Hono<AppEnv>()
  .use("*", securityHeaders)
  .use("/api/*", init)
  .use("/api/*", limitBody)
  .use("/api/*", emptyJsonBodyAsObject)
  .use("/api/v1/*", countRequests)
  .route("/api/v1", api)
  .route("/mcp", mcpRoutes);

app.use("/v1/system/healthz", init).get("/v1/system/healthz", healthz);

// share pages are the SPA's, served through the worker so the share link's allowed origins frame them
for (const path of SHARE_PAGES) app.use(path, init).get(path, sharePage);

mountDocs(app);

// every other page is the SPA's (wrangler.toml's run_worker_first sends it here for its headers)
app.get("*", spaPage);

app.onError(handleError);
app.notFound(methodNotAllowedOr(app.routes, handleNotFound));

export type AppType = typeof app;
