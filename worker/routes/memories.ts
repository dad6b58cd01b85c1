import type { Context } from "hono";
import { Hono } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import {
  ADD_MESSAGE_REQUIRED,
  AddMessageSchema,
  CREATE_MEMORY_REQUIRED,
  CreateMemorySchema,
  MEMORY_IDS_MAX,
  MEMORY_PAGE_SIZE_DEFAULT,
  MEMORY_PAGE_SIZE_MAX,
  MEMORY_TYPES,
  type MemoryTypeName,
  MESSAGES_PAGE_SIZE_DEFAULT,
  splitIds,
  UpdateMemorySchema,
} from "../contract/memories";
import { queryPage } from "../contract/pydantic";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { argumentError } from "../lib/errors";
import { requireAuth } from "../middleware/auth";
import { documented } from "../middleware/openapi";
import { serviceContext } from "../middleware/deps";
import { assertJsonObject, queryParams } from "../middleware/validate";
import { addMessage } from "../services/memories/add-message";
import { createMemory } from "../services/memories/create";
import { forgetMessage } from "../services/memories/forget-message";
import { getMemoryConfig } from "../services/memories/get-config";
import { listMemories } from "../services/memories/list";
import { listMemoryMessages } from "../services/memories/list-messages";
import { getMessageContent } from "../services/memories/message-content";
import { recentMessages } from "../services/memories/recent-messages";
import { removeMemory } from "../services/memories/remove";
import { searchMessages } from "../services/memories/search-messages";
import { setMessageStatus } from "../services/memories/set-message-status";
import { updateMemory } from "../services/memories/update";

// RAGFlow's validate_request first ("required argument are missing: a,b; "), then each field's own message
// (code 101). No body or a non-JSON one reads as {}.
const memoryJson = <S extends v.GenericSchema>(schema: S, required: readonly string[] = []) =>
  documented(
    validator("json", (value): v.InferOutput<S> => {
      const body = assertJsonObject(value);
      const missing = required.filter((key) => !(key in body));
      if (missing.length) throw argumentError(`required argument are missing: ${missing.join(",")}; `);
      const result = v.safeParse(schema, body);
      if (!result.success) throw argumentError(result.issues[0]?.message ?? "Invalid request");
      return result.output;
    }),
    "json",
    schema,
  );

// ?memory_id=a&memory_id=b or ?memory_id=a,b
const idsParam = (c: Context<AppEnv>, name: string) => {
  const ids = splitIds(c.req.queries(name) ?? []);
  if (ids.length > MEMORY_IDS_MAX) throw argumentError(`${name} must contain at most ${MEMORY_IDS_MAX} IDs`);
  return ids;
};

const memoryTypesParam = (c: Context<AppEnv>) => {
  const types = splitIds(c.req.queries("memory_type") ?? []);
  const unknown = types.filter((type) => !(MEMORY_TYPES as readonly string[]).includes(type));
  if (unknown.length) throw argumentError(`Memory type '${unknown.join(", ")}' is not supported.`);
  return types as MemoryTypeName[];
};

const pageSize = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((raw) => (/^\s*-?\d+\s*$/.test(raw) ? Number(raw) : fallback)),
    v.transform((size) => (size < 1 ? fallback : size)),
    v.maxValue(MEMORY_PAGE_SIZE_MAX, `page_size must be less than or equal to ${MEMORY_PAGE_SIZE_MAX}`),
  );

const number01 = (name: string, fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.number(`${name} must be a number.`),
    v.minValue(0, `${name} must be between 0 and 1.`),
    v.maxValue(1, `${name} must be between 0 and 1.`),
  );

const ListMemoriesQuery = v.object({
  page: queryPage(1),
  page_size: pageSize(MEMORY_PAGE_SIZE_DEFAULT),
  keywords: v.optional(v.string()),
  storage_type: v.optional(v.string()),
});

const MessagesPageQuery = v.object({
  page: queryPage(1),
  page_size: pageSize(MESSAGES_PAGE_SIZE_DEFAULT),
  keywords: v.optional(v.string(), ""),
});

const RecentQuery = v.object({
  limit: pageSize(10),
  agent_id: v.optional(v.string(), ""),
  session_id: v.optional(v.string(), ""),
});

const SearchQuery = v.object({
  query: v.optional(v.string(), ""),
  top_n: pageSize(5),
  similarity_threshold: number01("similarity_threshold", 0.2),
  keywords_similarity_weight: number01("keywords_similarity_weight", 0.7),
  agent_id: v.optional(v.string(), ""),
  session_id: v.optional(v.string(), ""),
  user_id: v.optional(v.string(), ""),
});

// "<memory_id>:<message_id>" (RAGFlow's path form); the message id is the part after the last colon
const messageRef = (c: Context<AppEnv>) => {
  const ref = c.req.param("ref") ?? "";
  const colon = ref.lastIndexOf(":");
  if (colon < 0) throw argumentError("The path must name `<memory_id>:<message_id>`.");
  return { memoryId: ref.slice(0, colon), messageId: ref.slice(colon + 1) };
};

const StatusSchema = v.object({ status: v.boolean("Status must be a boolean.") });

// RAGFlow v0.27's Memory API: /memories, a member's or the team's memories …
export const memoryRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", memoryJson(CreateMemorySchema, CREATE_MEMORY_REQUIRED), async (c) =>
    ok(c, await createMemory(serviceContext(c), c.req.valid("json"))),
  )
  .get("/", queryParams(ListMemoriesQuery), async (c) => {
    const query = c.req.valid("query");
    return ok(
      c,
      await listMemories(serviceContext(c), {
        ids: idsParam(c, "ids"),
        tenantIds: idsParam(c, "tenant_id"),
        ownerIds: idsParam(c, "owner_ids"),
        memoryTypes: memoryTypesParam(c),
        storageType: query.storage_type,
        keywords: query.keywords,
        page: query.page,
        pageSize: query.page_size,
      }),
    );
  })
  .get("/:memoryId/config", async (c) => ok(c, await getMemoryConfig(serviceContext(c), c.req.param("memoryId"))))
  .get("/:memoryId", queryParams(MessagesPageQuery), async (c) => {
    const query = c.req.valid("query");
    return ok(
      c,
      await listMemoryMessages(serviceContext(c), c.req.param("memoryId"), {
        agentIds: idsParam(c, "agent_id"),
        keywords: query.keywords.trim(),
        page: query.page,
        pageSize: query.page_size,
      }),
    );
  })
  .put("/:memoryId", memoryJson(UpdateMemorySchema), async (c) =>
    ok(c, await updateMemory(serviceContext(c), c.req.param("memoryId"), c.req.valid("json"))),
  )
  .delete("/:memoryId", async (c) => ok(c, await removeMemory(serviceContext(c), c.req.param("memoryId"))));

// … and /messages, the conversation turns stored in them.
export const messageRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", memoryJson(AddMessageSchema, ADD_MESSAGE_REQUIRED), async (c) =>
    ok(c, null, await addMessage(serviceContext(c), c.req.valid("json"))),
  )
  .get("/", queryParams(RecentQuery), async (c) => {
    const query = c.req.valid("query");
    const memoryIds = idsParam(c, "memory_id");
    if (!memoryIds.length) throw argumentError("memory_ids is required.");
    return ok(
      c,
      await recentMessages(serviceContext(c), {
        memoryIds,
        agentId: query.agent_id,
        sessionId: query.session_id,
        limit: query.limit,
      }),
    );
  })
  .get("/search", queryParams(SearchQuery), async (c) => {
    const query = c.req.valid("query");
    return ok(
      c,
      await searchMessages(serviceContext(c), {
        memoryIds: idsParam(c, "memory_id"),
        query: query.query,
        agentId: query.agent_id,
        sessionId: query.session_id,
        userId: query.user_id,
        topN: query.top_n,
      }),
    );
  })
  .get("/:ref/content", async (c) => {
    const { memoryId, messageId } = messageRef(c);
    return ok(c, await getMessageContent(serviceContext(c), memoryId, messageId));
  })
  .put("/:ref", memoryJson(StatusSchema, ["status"]), async (c) => {
    const { memoryId, messageId } = messageRef(c);
    return ok(c, await setMessageStatus(serviceContext(c), memoryId, messageId, c.req.valid("json").status));
  })
  .delete("/:ref", async (c) => {
    const { memoryId, messageId } = messageRef(c);
    return ok(c, await forgetMessage(serviceContext(c), memoryId, messageId));
  });
