import type { CreateMemoryInput } from "../../contract/memories";
import { MEMORY_NAME_MAX, MEMORY_SIZE_DEFAULT } from "../../contract/memories";
import { memories, type MemoryRow } from "../../db/schema";
import { argumentError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { defaultSystemPrompt, takenNames, typeBits } from "./internal";
import { ownerName } from "./owner-name";
import { toMemoryView } from "./serialize";

export const createMemory = async (ctx: ServiceContext, input: CreateMemoryInput) => {
  const name = nextFreeName(input.name, await takenNames(ctx, input.name));
  if ([...name].length > MEMORY_NAME_MAX)
    throw argumentError(`Memory name ${name} exceeds limit of ${MEMORY_NAME_MAX}.`);
  const now = nowMs();
  const row: MemoryRow = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    createdBy: ctx.actor.userId,
    name,
    nameKey: name.toLowerCase(),
    avatar: null,
    memoryType: typeBits(input.memory_type),
    storageType: "table",
    embdId: input.embd_id,
    llmId: input.llm_id,
    permissions: "me",
    description: null,
    memorySize: MEMORY_SIZE_DEFAULT,
    forgettingPolicy: "FIFO",
    temperature: 0.5,
    systemPrompt: defaultSystemPrompt(input.memory_type),
    userPrompt: null,
    createTime: now,
    updateTime: now,
  };
  await ctx.db.insert(memories).values(row);
  return toMemoryView(row, await ownerName(ctx, row.createdBy));
};
