import type { Context } from "hono";
import { INDEX_TYPES, type IndexType } from "../contract/dataset-index";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { argumentError } from "../lib/errors";
import { serviceContext } from "../middleware/deps";
import { removeIndex } from "../services/index-tasks/remove";

const isIndexType = (value: string): value is IndexType => (INDEX_TYPES as readonly string[]).includes(value);

// RAGFlow's DELETE /datasets/{id}/{index_type}: DELETE …/index?type= with the type in the path (…/raptor removes
// the RAPTOR summaries, …/mindmap the mind map); another word answers 101 as RAGFlow does, not 404.
export const removeIndexByPath = async (c: Context<AppEnv, "/:datasetId/:indexType">) => {
  const type = c.req.param("indexType");
  if (!isIndexType(type)) throw argumentError(`Invalid index type '${type}'`);
  return ok(c, await removeIndex(serviceContext(c), c.req.param("datasetId"), type));
};
