import { Hono } from "hono";
import type { AppEnv } from "./env";
import { limitBody } from "./middleware/body-limit";
import { handleError, handleNotFound } from "./middleware/errors";
import { init } from "./middleware/init";
import { agentRoutes, openAiAgentRoutes } from "./routes/agents";
import { authRoutes } from "./routes/auth";
import { chatToolRoutes, openAiChatRoutes } from "./routes/chat";
import { chatRoutes } from "./routes/chats";
import { mountDocs } from "./routes/docs";
import { shareRoutes } from "./routes/share";
import { sharePage } from "./routes/share-page";
import { chunkRoutes } from "./routes/chunks";
import { datasetRoutes } from "./routes/datasets";
import { documentRoutes } from "./routes/documents";
import { fileRoutes } from "./routes/files";
import { modelRoutes, providerRoutes } from "./routes/models";
import { retrievalRoutes } from "./routes/retrieval";
import { systemRoutes } from "./routes/system";
import { teamRoutes } from "./routes/teams";
import { tokenRoutes } from "./routes/tokens";
import { userRoutes } from "./routes/users";

const api = new Hono<AppEnv>()
  .route("/auth", authRoutes)
  .route("/users", userRoutes)
  .route("/datasets/:datasetId/documents/:documentId/chunks", chunkRoutes)
  .route("/datasets/:datasetId/documents", documentRoutes)
  .route("/datasets", datasetRoutes)
  .route("/retrieval", retrievalRoutes)
  .route("/files", fileRoutes)
  .route("/chats", chatRoutes)
  .route("/chat", chatToolRoutes)
  .route("/openai", openAiChatRoutes)
  .route("/chats_openai", openAiChatRoutes)
  .route("/agents", agentRoutes)
  .route("/agents_openai", openAiAgentRoutes)
  .route("/share", shareRoutes)
  .route("/models", modelRoutes)
  .route("/providers", providerRoutes)
  .route("/tenants", teamRoutes)
  .route("/system/tokens", tokenRoutes)
  .route("/system", systemRoutes);

export const app = new Hono<AppEnv>()
  .use("/api/*", init)
  .use("/api/*", limitBody)
  .route("/api/v1", api)
  .use("/chat/share", init)
  .get("/chat/share", sharePage);

mountDocs(app);

app.onError(handleError);
app.notFound(handleNotFound);

export type AppType = typeof app;
