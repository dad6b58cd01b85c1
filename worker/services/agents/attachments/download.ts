import { dataError } from "../../../lib/errors";
import type { ServiceContext } from "../../context";
import { getVisibleAgent } from "../access";
import { attachmentKey } from "./keys";

// A document a DocGenerator of this flow wrote: for the team (the flow must be visible to the caller) and for a
// visitor of the shared flow (the share route checked the link first).
export const downloadAttachment = async (ctx: ServiceContext, agentId: string, docId: string, filename: string) => {
  await getVisibleAgent(ctx, agentId);
  const blob = /^[0-9a-f]{32}$/.test(docId)
    ? await ctx.storage.get(attachmentKey(ctx.actor.tenantId, agentId, docId, filename))
    : null;
  if (!blob) throw dataError(`Document ${docId} not found.`);
  return {
    name: filename,
    body: blob.body,
    size: blob.size,
    contentType: blob.contentType ?? "application/octet-stream",
  };
};
