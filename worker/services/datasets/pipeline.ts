import { and, eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";

// A dataset's pipeline_id must name an ingestion pipeline (a dataflow canvas) of the dataset's own tenant.
export const assertPipelineOfTenant = async (ctx: ServiceContext, tenantId: string, pipelineId: string) => {
  const canvas = await ctx.db.query.agents.findFirst({
    where: and(eq(agents.id, pipelineId), eq(agents.tenantId, tenantId)),
    columns: { title: true, canvasCategory: true },
  });
  if (!canvas) throw dataError(`Ingestion pipeline ${pipelineId} not found.`);
  if (canvas.canvasCategory !== "dataflow_canvas")
    throw dataError(
      `'${canvas.title}' is not an ingestion pipeline: pipeline_id must name a canvas of canvas_category dataflow_canvas.`,
    );
};
