import { and, eq, ne } from "drizzle-orm";
import type { UpdateDatasetInput } from "../../contract/datasets";
import { initialParserConfig, patchParserConfig } from "../../contract/parser-config";
import { datasets } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { assertEmbeddingModelUsable } from "../models/validate";
import { assertUsableTagSets } from "../tags/tag-sets";
import { getManageableDataset, lacksPermission } from "../scope/datasets";
import { assertPipelineOfTenant } from "./pipeline";
import { toDataset } from "./serialize";

const assertNameFree = async (ctx: ServiceContext, id: string, name: string) => {
  const clash = await ctx.db.query.datasets.findFirst({
    where: and(
      eq(datasets.tenantId, ctx.actor.tenantId),
      eq(datasets.nameKey, name.toLowerCase()),
      ne(datasets.id, id),
    ),
  });
  if (clash) throw dataError(`Dataset name '${name}' already exists`);
};

export const updateDataset = async (ctx: ServiceContext, id: string, input: UpdateDatasetInput) => {
  // RAGFlow's update words an unknown dataset as one the caller lacks permission for
  if (Object.keys(input).length === 0) throw dataError("no properties were modified");
  const current = await getManageableDataset(ctx, id, lacksPermission(ctx, id).message);
  if (input.name !== undefined) await assertNameFree(ctx, id, input.name);
  if (input.embedding_model !== undefined && input.embedding_model !== current.embdId) {
    if (current.chunkNum > 0) {
      throw dataError("When chunk_num (" + current.chunkNum + ") > 0, embedding_model must remain " + current.embdId);
    }
    await assertEmbeddingModelUsable(ctx, input.embedding_model);
  }
  if (input.parser_config?.tag_kb_ids)
    await assertUsableTagSets(ctx.db, current.tenantId, input.parser_config.tag_kb_ids, id);
  if (input.pipeline_id) await assertPipelineOfTenant(ctx, current.tenantId, input.pipeline_id);
  // RAGFlow: a chunk method given without a pipeline_id switches the dataset back from its pipeline
  const pipelineId = input.pipeline_id ?? (input.chunk_method !== undefined ? null : undefined);
  const methodChanged = input.chunk_method !== undefined && input.chunk_method !== current.parserId;
  // RAGFlow v0.27: a given config patches the stored one; a new method without one takes that method's defaults
  const given = input.parser_config && Object.keys(input.parser_config).length > 0 ? input.parser_config : undefined;
  const parserConfig = given
    ? patchParserConfig(current.parserConfig, given)
    : methodChanged && input.chunk_method
      ? initialParserConfig(input.chunk_method)
      : undefined;

  const [row] = await ctx.db
    .update(datasets)
    .set({
      name: input.name,
      nameKey: input.name?.toLowerCase(),
      avatar: input.avatar === undefined ? undefined : input.avatar || null,
      description: input.description,
      language: input.language,
      embdId: input.embedding_model,
      permission: input.permission,
      parserId: input.chunk_method,
      pipelineId,
      parserConfig,
      pagerank: input.pagerank,
      similarityThreshold: input.similarity_threshold,
      vectorSimilarityWeight: input.vector_similarity_weight,
      updateTime: nowMs(),
    })
    .where(eq(datasets.id, id))
    .returning();
  if (!row) throw dataError(`You don't own the dataset ${id}.`);
  return input.connectors ? { ...toDataset(row), connectors: input.connectors } : toDataset(row);
};
