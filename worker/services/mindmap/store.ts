import { and, eq } from "drizzle-orm";
import type { MindMapNode } from "../../contract/mindmap";
import { datasetMindMaps } from "../../db/schema";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";

export const saveMindMap = (deps: Deps, datasetId: string, taskId: string, mindMap: MindMapNode) =>
  deps.db
    .insert(datasetMindMaps)
    .values({ datasetId, taskId, mindMap, updateTime: nowMs() })
    .onConflictDoUpdate({ target: datasetMindMaps.datasetId, set: { taskId, mindMap, updateTime: nowMs() } });

export const loadMindMap = async (deps: Deps, datasetId: string) =>
  (await deps.db.query.datasetMindMaps.findFirst({ where: eq(datasetMindMaps.datasetId, datasetId) }))?.mindMap ?? null;

// The whole mind map, or only what one task wrote (a cancelled task's late write).
export const removeMindMap = async (deps: Deps, datasetId: string, taskId?: string) => {
  await deps.db
    .delete(datasetMindMaps)
    .where(and(eq(datasetMindMaps.datasetId, datasetId), ...(taskId ? [eq(datasetMindMaps.taskId, taskId)] : [])));
};
