import { and, eq } from "drizzle-orm";
import { documents, RUN, tasks } from "../../db/schema";
import type { ServiceContext } from "../context";
import { stopParsing } from "./stop";

// RAGFlow's task cancel: an unknown task answers true as well, so another team's task looks the same and stays
// untouched. A task of the team whose document is being parsed stops that parsing (all of the document's open
// tasks, as the dataset's stop does); a finished one is left as it is.
export const cancelTask = async (ctx: ServiceContext, taskId: string) => {
  const task = await ctx.db.query.tasks.findFirst({
    columns: { documentId: true, datasetId: true },
    where: and(eq(tasks.id, taskId), eq(tasks.tenantId, ctx.actor.tenantId)),
  });
  if (!task) return true;
  const doc = await ctx.db.query.documents.findFirst({
    columns: { run: true },
    where: eq(documents.id, task.documentId),
  });
  if (doc?.run === RUN.running) await stopParsing(ctx, task.datasetId, [task.documentId]);
  return true;
};
