import type { ServiceContext } from "../context";
import { getDialogInTenant } from "./access";
import { serializeChat } from "./internal";

export const getChat = async (ctx: ServiceContext, id: string) => serializeChat(ctx, await getDialogInTenant(ctx, id));
