import { eq } from "drizzle-orm";
import { type CreateDatasetInput, DEFAULT_EMBEDDING_MODEL } from "../../contract/datasets";
import { initialParserConfig } from "../../contract/parser-config";
import { datasets, tenants } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { assertEmbeddingModelUsable } from "../models/validate";
import { assertUsableTagSets } from "../tags/tag-sets";
import { takenDatasetNames } from "../scope/datasets";
import { assertPipelineOfTenant } from "./pipeline";
import { toDataset } from "./serialize";

export const createDataset = async (ctx: ServiceContext, input: CreateDatasetInput) => {
  const tenant = await ctx.db.query.tenants.findFirst({ where: eq(tenants.id, ctx.actor.tenantId) });
  const embdId = input.embedding_model ?? (tenant?.embdId || DEFAULT_EMBEDDING_MODEL);
  await assertEmbeddingModelUsable(ctx, embdId);

  if (input.parser_config?.tag_kb_ids)
    await assertUsableTagSets(ctx.db, ctx.actor.tenantId, input.parser_config.tag_kb_ids);
  if (input.pipeline_id) await assertPipelineOfTenant(ctx, ctx.actor.tenantId, input.pipeline_id);
  const method = input.chunk_method ?? "naive";
  const name = nextFreeName(input.name, await takenDatasetNames(ctx, input.name));
  const now = nowMs();
  const [row] = await ctx.db
    .insert(datasets)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      createdBy: ctx.actor.userId,
      name,
      nameKey: name.toLowerCase(),
      avatar: input.avatar || null,
      description: input.description ?? null,
      language: input.language ?? "German",
      embdId,
      permission: input.permission ?? "me",
      parserId: method,
      pipelineId: input.pipeline_id ?? null,
      // RAGFlow sets the team's chat model; one the caller gave stays
      parserConfig: { llm_id: tenant?.llmId ?? "", ...initialParserConfig(method, input.parser_config) },
      similarityThreshold: input.similarity_threshold ?? 0.2,
      vectorSimilarityWeight: input.vector_similarity_weight ?? 0.3,
      createTime: now,
      updateTime: now,
    })
    .returning();
  if (!row) throw new Error("dataset insert returned nothing");
  return toDataset(row);
};
