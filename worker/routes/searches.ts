import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { ShareTokenSchema, UpdateShareTokenSchema } from "../contract/share";
import {
  CreateSearchSchema,
  ListSearchesQuerySchema,
  SearchbotAskSchema,
  SearchbotRelatedSchema,
  SearchbotRetrievalSchema,
  SearchCompletionSchema,
  SearchRetrievalSchema,
  UpdateSearchSchema,
} from "../contract/searches";
import type { AppEnv } from "../env";
import { requireArguments } from "./required-arguments";
import { ok } from "../lib/envelope";
import { dataError } from "../lib/errors";
import { sseResponse } from "../lib/sse";
import { credentialOf, requireAuth } from "../middleware/auth";
import { depsOf, serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { prepareSearchAnswer } from "../services/searches/ask";
import { createSearch } from "../services/searches/create";
import { getSearch } from "../services/searches/get";
import { getSearchInTenant, getSearchToUse } from "../services/searches/access";
import { listSearches } from "../services/searches/list";
import { removeSearch } from "../services/searches/remove";
import { updateSearch } from "../services/searches/update";
import { searchRelatedQuestions } from "../services/searches/related";
import { searchRetrieval, sharedSearchInfo } from "../services/searches/shared";
import { checkDatasets } from "../services/searches/validate";
import { admitShared, openSharedSearch, shareTokenOf } from "../services/share/guard";
import { createShareToken, listShareTokens, removeShareToken, updateShareToken } from "../services/share-links/tokens";
import { SearchbotMindMapSchema } from "../contract/mindmap";
import { sharedMindMap } from "../services/searches/mindmap";
import { envelopes } from "./chat-completions";

const target = async (c: Context<AppEnv>) => ({
  type: "search" as const,
  id: (await getSearchInTenant(serviceContext(c), c.req.param("searchId") ?? "")).id,
});

// /searches: the team's search apps (RAGFlow's /api/v1/searches), their streamed AI summary and share links.
const searchAppRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", jsonBodyAsDataError(CreateSearchSchema), async (c) =>
    ok(c, await createSearch(serviceContext(c), c.req.valid("json"))),
  )
  .get("/", queryParams(ListSearchesQuerySchema), async (c) =>
    ok(c, await listSearches(serviceContext(c), c.req.valid("query"))),
  )
  .get("/:searchId", async (c) => ok(c, await getSearch(serviceContext(c), c.req.param("searchId"))))
  .put("/:searchId", jsonBodyAsDataError(UpdateSearchSchema), async (c) =>
    ok(c, await updateSearch(serviceContext(c), c.req.param("searchId"), c.req.valid("json"))),
  )
  .delete("/:searchId", async (c) => ok(c, await removeSearch(serviceContext(c), c.req.param("searchId"))))
  // RAGFlow v0.27 serves the same answer at …/completion too
  .use("/:searchId/completions", requireArguments("question"))
  .use("/:searchId/completion", requireArguments("question"))
  .on(
    "POST",
    ["/:searchId/completions", "/:searchId/completion"],
    jsonBodyAsDataError(SearchCompletionSchema),
    async (c) => {
      const ctx = serviceContext(c);
      const answer = await prepareSearchAnswer(
        ctx,
        await getSearchToUse(ctx, c.req.param("searchId")),
        c.req.valid("json"),
      );
      return sseResponse((signal) => envelopes(answer(signal)));
    },
  )
  .post("/:searchId/retrieval", jsonBodyAsDataError(SearchRetrievalSchema), async (c) => {
    const ctx = serviceContext(c);
    return ok(
      c,
      await searchRetrieval(ctx, await getSearchInTenant(ctx, c.req.param("searchId")), c.req.valid("json"), false),
    );
  })
  .get("/:searchId/share-tokens", async (c) => ok(c, await listShareTokens(serviceContext(c), await target(c))))
  .post("/:searchId/share-tokens", jsonBodyAsDataError(ShareTokenSchema), async (c) => {
    // a link acts for its maker: one may only publish knowledge bases one sees oneself
    const ctx = serviceContext(c);
    const app = await getSearchInTenant(ctx, c.req.param("searchId"));
    await checkDatasets(ctx, app.searchConfig.kb_ids);
    return ok(c, await createShareToken(ctx, { type: "search", id: app.id }, c.req.valid("json")));
  })
  .patch("/:searchId/share-tokens/:tokenId", jsonBodyAsDataError(UpdateShareTokenSchema), async (c) =>
    ok(c, await updateShareToken(serviceContext(c), await target(c), c.req.param("tokenId"), c.req.valid("json"))),
  )
  .delete("/:searchId/share-tokens/:tokenId", async (c) =>
    ok(c, await removeShareToken(serviceContext(c), await target(c), c.req.param("tokenId"))),
  );

const CORS_HEADERS = {
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, x-d1-bookmark",
  "Access-Control-Max-Age": "600",
};

// A share token for THIS search app of THIS tenant, an allowed origin, within the link's limits; the request then
// acts in the app's team for the link's maker. Answers count against the daily cap.
const openSearchbot = async (c: Context<AppEnv>, searchId: string, isAnswer: boolean) => {
  const access = await openSharedSearch(depsOf(c), credentialOf(c), searchId, isAnswer);
  await admitShared(depsOf(c), access, c.req.header("Origin"), new URL(c.req.url).origin);
  c.set("actor", {
    userId: access.token.createdBy,
    tenantId: access.token.tenantId,
    role: "normal",
    via: "share",
    sessionId: null,
  });
  return access.app;
};

// An unknown or revoked token is refused before the body is read (HTTP 401, like the shared chat).
const shareTokenFirst = createMiddleware<AppEnv>(async (c, next) => {
  await shareTokenOf(depsOf(c), credentialOf(c));
  await next();
});

// RAGFlow v0.27's SDK compatibility route answers a missing or unknown token with HTTP 200 and code 102.
const shareTokenFirstAsDataError = createMiddleware<AppEnv>(async (c, next) => {
  const credential = credentialOf(c);
  if (!credential) throw dataError("Authorization is not valid!");
  await shareTokenOf(depsOf(c), credential).catch(() => {
    throw dataError("Authentication error: API key is invalid!");
  });
  await next();
});

const allowOrigin = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const origin = c.req.header("Origin");
  if (!origin) return;
  c.header("Access-Control-Allow-Origin", origin);
  c.header("Vary", "Origin");
});

// /searchbots/…: the shared search page (RAGFlow's public searchbots API, token as Authorization: Bearer share-…).
const searchbotRoutes = new Hono<AppEnv>()
  .options("/*", (c) =>
    c.body(null, 204, { ...CORS_HEADERS, "Access-Control-Allow-Origin": c.req.header("Origin") ?? "*" }),
  )
  .use(allowOrigin)
  .post("/related_questions", shareTokenFirstAsDataError, jsonBodyAsDataError(SearchbotRelatedSchema), async (c) => {
    const input = c.req.valid("json");
    // a model call: counted against the link's daily cap like an answer
    const app = await openSearchbot(c, input.search_id, true);
    return ok(c, await searchRelatedQuestions(serviceContext(c), app, input.question));
  })
  .use(shareTokenFirst)
  .get("/detail", queryParams(v.object({ search_id: v.optional(v.string(), "") })), async (c) =>
    ok(c, sharedSearchInfo(await openSearchbot(c, c.req.valid("query").search_id, false))),
  )
  .post("/ask", jsonBodyAsDataError(SearchbotAskSchema), async (c) => {
    const input = c.req.valid("json");
    const app = await openSearchbot(c, input.search_id, true);
    const answer = await prepareSearchAnswer(serviceContext(c), app, input, true);
    return sseResponse((signal) => envelopes(answer(signal)));
  })
  .post("/retrieval_test", jsonBodyAsDataError(SearchbotRetrievalSchema), async (c) => {
    const input = c.req.valid("json");
    const app = await openSearchbot(c, input.search_id, false);
    return ok(c, await searchRetrieval(serviceContext(c), app, input, true));
  })
  .post("/mindmap", jsonBodyAsDataError(SearchbotMindMapSchema), async (c) => {
    const input = c.req.valid("json");
    // a model call: counted against the link's daily cap like an answer
    const app = await openSearchbot(c, input.search_id, true);
    return ok(c, await sharedMindMap(serviceContext(c), app, input.question));
  });

export const searchRoutes = new Hono<AppEnv>()
  .route("/searches", searchAppRoutes)
  .route("/searchbots", searchbotRoutes);
