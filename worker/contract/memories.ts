import * as v from "valibot";
import { AvatarSchema } from "./avatar";

// RAGFlow v0.27's Memory API: limits and error texts as its memory_api_service words them.
export const MEMORY_NAME_MAX = 128;
export const MEMORY_SIZE_MAX = 10 * 1024 * 1024;
export const MEMORY_SIZE_DEFAULT = 5 * 1024 * 1024;
export const MEMORY_TYPES = ["raw", "semantic", "episodic", "procedural"] as const;
export type MemoryTypeName = (typeof MEMORY_TYPES)[number];
export const MEMORY_PERMISSIONS = ["me", "team"] as const;
export const FORGETTING_POLICIES = ["FIFO"] as const;
export const STORAGE_TYPES = ["table", "graph"] as const;
// RAGFlow's REST_API_MAX_IDS and REST_API_MAX_PAGE_SIZE
export const MEMORY_IDS_MAX = 100;
export const MEMORY_PAGE_SIZE_MAX = 100;
export const MEMORY_PAGE_SIZE_DEFAULT = 30;
export const MESSAGES_PAGE_SIZE_DEFAULT = 50;
// one side of a conversation turn; a turn is stored as "User Input: …\nAgent Response: …"
export const MESSAGE_TEXT_MAX = 65_536;
export const MESSAGE_REF_MAX = 128;
export const MEMORY_TEXT_MAX = 65_536;

const codePoints = (text: string) => [...text].length;

const MemoryNameSchema = v.pipe(
  v.string("Memory name must be a string."),
  v.trim(),
  v.nonEmpty("Memory name cannot be empty or whitespace."),
  v.check(
    (name) => codePoints(name) <= MEMORY_NAME_MAX,
    (issue) => `Memory name '${issue.input}' exceeds limit of ${MEMORY_NAME_MAX}.`,
  ),
);

// Python prints an unknown type set as {'a', 'b'}
const unknownTypes = (types: readonly string[]) => [
  ...new Set(types.filter((type) => !(MEMORY_TYPES as readonly string[]).includes(type))),
];
const MemoryTypeSchema = v.pipe(
  v.array(v.string("`memory_type` must be a list of strings."), "`memory_type` must be a list."),
  v.nonEmpty("`memory_type` must not be empty."),
  v.check(
    (types) => unknownTypes(types).length === 0,
    (issue) =>
      `Memory type '{${unknownTypes(issue.input as string[])
        .map((type) => `'${type}'`)
        .join(", ")}}' is not supported.`,
  ),
  v.transform((types) => [...new Set(types)] as MemoryTypeName[]),
);

const modelId = (field: string) =>
  v.pipe(v.string(`\`${field}\` must be a string.`), v.maxLength(256, `\`${field}\` is longer than 256 characters.`));

const optionalText = (field: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`\`${field}\` must be a string.`),
        v.maxLength(MEMORY_TEXT_MAX, `\`${field}\` is longer than ${MEMORY_TEXT_MAX} characters.`),
      ),
    ),
  );

export const CREATE_MEMORY_REQUIRED = ["name", "memory_type", "embd_id", "llm_id"] as const;

export const CreateMemorySchema = v.object({
  name: MemoryNameSchema,
  memory_type: MemoryTypeSchema,
  embd_id: modelId("embd_id"),
  llm_id: modelId("llm_id"),
});
export type CreateMemoryInput = v.InferOutput<typeof CreateMemorySchema>;

// RAGFlow ignores a falsy model id, permission or policy in an update ("" keeps the stored one).
const unlessEmpty = <S extends v.GenericSchema>(schema: S) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === "" || value === null ? undefined : value)),
      v.optional(schema),
    ),
  );

export const UpdateMemorySchema = v.object({
  name: v.optional(MemoryNameSchema),
  permissions: unlessEmpty(v.picklist(MEMORY_PERMISSIONS, (issue) => `Unknown permission '${String(issue.input)}'.`)),
  llm_id: unlessEmpty(modelId("llm_id")),
  embd_id: unlessEmpty(modelId("embd_id")),
  memory_type: v.optional(MemoryTypeSchema),
  memory_size: v.optional(
    v.pipe(
      v.number(`Memory size should be in range (0, ${MEMORY_SIZE_MAX}] Bytes.`),
      v.integer(`Memory size should be in range (0, ${MEMORY_SIZE_MAX}] Bytes.`),
      v.minValue(1, `Memory size should be in range (0, ${MEMORY_SIZE_MAX}] Bytes.`),
      v.maxValue(MEMORY_SIZE_MAX, `Memory size should be in range (0, ${MEMORY_SIZE_MAX}] Bytes.`),
    ),
  ),
  forgetting_policy: unlessEmpty(
    v.picklist(FORGETTING_POLICIES, (issue) => `Forgetting policy '${String(issue.input)}' is not supported.`),
  ),
  temperature: v.optional(
    v.pipe(
      v.number("Temperature should be in range [0, 1]."),
      v.minValue(0, "Temperature should be in range [0, 1]."),
      v.maxValue(1, "Temperature should be in range [0, 1]."),
    ),
  ),
  avatar: v.optional(v.nullable(AvatarSchema)),
  description: optionalText("description"),
  system_prompt: optionalText("system_prompt"),
  user_prompt: optionalText("user_prompt"),
});
export type UpdateMemoryInput = v.InferOutput<typeof UpdateMemorySchema>;

const refId = (field: string) =>
  v.pipe(
    v.string(`\`${field}\` must be a string.`),
    v.maxLength(MESSAGE_REF_MAX, `\`${field}\` is longer than ${MESSAGE_REF_MAX} characters.`),
  );
const turnText = (field: string) =>
  v.pipe(
    v.string(`\`${field}\` must be a string.`),
    v.maxLength(MESSAGE_TEXT_MAX, `\`${field}\` is longer than ${MESSAGE_TEXT_MAX} characters.`),
  );

export const ADD_MESSAGE_REQUIRED = ["memory_id", "agent_id", "session_id", "user_input", "agent_response"] as const;

export const AddMessageSchema = v.object({
  // one id, "a,b", or a list of ids
  memory_id: v.pipe(
    v.union(
      [v.string(), v.array(v.string("`memory_id` must be a list of strings."))],
      "`memory_id` must be a string or a list of strings.",
    ),
    v.transform((value) => splitIds(typeof value === "string" ? [value] : value)),
    v.maxLength(MEMORY_IDS_MAX, `memory_id must contain at most ${MEMORY_IDS_MAX} IDs`),
  ),
  agent_id: refId("agent_id"),
  session_id: refId("session_id"),
  user_id: v.optional(v.nullable(refId("user_id"))),
  user_input: turnText("user_input"),
  agent_response: turnText("agent_response"),
});
export type AddMessageInput = v.InferOutput<typeof AddMessageSchema>;

// RAGFlow's list parameters: repeated (?memory_id=a&memory_id=b) or comma-separated, blanks dropped
export const splitIds = (values: readonly string[]) =>
  values.flatMap((value) => value.split(",").map((part) => part.trim())).filter((part) => part !== "");

export type MemoryView = {
  id: string;
  name: string;
  avatar: string | null;
  tenant_id: string;
  owner_name: string | null;
  memory_type: MemoryTypeName[];
  storage_type: string;
  embd_id: string;
  llm_id: string;
  permissions: string;
  description: string | null;
  memory_size: number;
  forgetting_policy: string;
  temperature: number;
  system_prompt: string | null;
  user_prompt: string | null;
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};

export type MessageView = {
  message_id: number;
  message_type: string;
  source_id: number;
  memory_id: string;
  user_id: string;
  agent_id: string;
  session_id: string;
  valid_at: string;
  invalid_at: string | null;
  forget_at: string | null;
  status: boolean;
  content?: string;
};
