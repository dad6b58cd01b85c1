import type { ServiceContext } from "../context";
import { getMessageInMemory } from "./message";
import { toMessageView } from "./serialize";

export const getMessageContent = async (ctx: ServiceContext, memoryId: string, messageId: string) =>
  toMessageView(await getMessageInMemory(ctx, memoryId, messageId), true);
