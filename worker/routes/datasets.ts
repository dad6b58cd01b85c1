import { Hono } from "hono";
import {
  CreateDatasetRequestSchema,
  DeleteByIdsSchema,
  ListDatasetsQuerySchema,
  UpdateDatasetRequestSchema,
} from "../contract/datasets";
import { DeleteTagsSchema, RenameTagSchema, TagAggregationQuerySchema } from "../contract/tags";
import { IndexQuerySchema } from "../contract/dataset-index";
import { FlattenedMetadataQuerySchema, MetadataUpdateSchema } from "../contract/dataset-metadata";
import type { AppEnv } from "../env";
import { notEffective, ok } from "../lib/envelope";
import { argumentError } from "../lib/errors";
import { HEX_ID } from "../contract/pydantic";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBody, jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { createDataset } from "../services/datasets/create";
import { getDataset } from "../services/datasets/get";
import { listDatasets } from "../services/datasets/list";
import { removeDatasets } from "../services/datasets/remove";
import { updateDataset } from "../services/datasets/update";
import { aggregateTags } from "../services/tags/aggregate";
import { listTags } from "../services/tags/list";
import { deleteTags } from "../services/tags/remove";
import { renameTag } from "../services/tags/rename";
import { removeIndex } from "../services/index-tasks/remove";
import { removeIndexByPath } from "./dataset-index-by-path";
import { startIndexTask } from "../services/index-tasks/start";
import { traceIndexTask } from "../services/index-tasks/trace";
import { getKnowledgeGraph } from "../services/graph/store";
import { flattenedMetadata, metadataSummary, updateMetadata } from "../services/documents/metadata-batch";
import { DatasetSearchSchema, DatasetsSearchSchema } from "../contract/dataset-search";
import { searchDatasets } from "../services/searches/dataset-search";
import { EmbeddingCheckSchema } from "../contract/embedding-check";
import { IngestionLogsQuerySchema } from "../contract/ingestion-logs";
import { MetadataConfigSchema } from "../contract/auto-metadata";
import { getMetadataConfig, putMetadataConfig } from "../services/datasets/metadata-config";
import { getIngestionLog, ingestionSummary, listIngestionLogs } from "../services/ingestion-logs/list";
import { checkEmbeddingModel, EMBEDDING_SWITCH_REFUSED } from "../services/datasets/embedding-check";
import { parseHandlers, stopHandlers } from "./parsing";
import { metadataDatasetFirst } from "./documents";

// RAGFlow's dataset create, update and delete find no body malformed JSON
const BODY_REQUIRED = { bodyRequired: true };

export const datasetRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", jsonBody(CreateDatasetRequestSchema, argumentError, BODY_REQUIRED), async (c) =>
    ok(c, await createDataset(serviceContext(c), c.req.valid("json"))),
  )
  .get("/", queryParams(ListDatasetsQuerySchema), async (c) => {
    const { datasets, total } = await listDatasets(serviceContext(c), c.req.valid("query"));
    return ok(c, datasets, "success", { total_datasets: total });
  })
  .delete("/", jsonBody(DeleteByIdsSchema, argumentError, BODY_REQUIRED), async (c) =>
    ok(c, await removeDatasets(serviceContext(c), c.req.valid("json"))),
  )
  .post("/search", jsonBody(DatasetsSearchSchema), async (c) => {
    const input = c.req.valid("json");
    return ok(c, await searchDatasets(serviceContext(c), input.dataset_ids, input));
  })
  .post("/:datasetId/search", jsonBody(DatasetSearchSchema), async (c) =>
    ok(c, await searchDatasets(serviceContext(c), [c.req.param("datasetId")], c.req.valid("json"))),
  )
  .get("/tags/aggregation", queryParams(TagAggregationQuerySchema), async (c) =>
    ok(c, await aggregateTags(serviceContext(c), c.req.valid("query").dataset_ids)),
  )
  .get("/metadata/flattened", queryParams(FlattenedMetadataQuerySchema), async (c) =>
    ok(c, await flattenedMetadata(serviceContext(c), c.req.valid("query").dataset_ids)),
  )
  .get("/:datasetId/tags", async (c) => ok(c, await listTags(serviceContext(c), c.req.param("datasetId"))))
  .delete("/:datasetId/tags", jsonBody(DeleteTagsSchema), async (c) =>
    ok(c, await deleteTags(serviceContext(c), c.req.param("datasetId"), c.req.valid("json").tags)),
  )
  .put("/:datasetId/tags", jsonBody(RenameTagSchema), async (c) => {
    const { from_tag, to_tag } = c.req.valid("json");
    return ok(c, await renameTag(serviceContext(c), c.req.param("datasetId"), from_tag, to_tag));
  })
  .post("/:datasetId/index", queryParams(IndexQuerySchema), async (c) =>
    ok(c, await startIndexTask(serviceContext(c), c.req.param("datasetId"), c.req.valid("query").type)),
  )
  .get("/:datasetId/index", queryParams(IndexQuerySchema), async (c) =>
    ok(c, await traceIndexTask(serviceContext(c), c.req.param("datasetId"), c.req.valid("query").type)),
  )
  .delete("/:datasetId/index", queryParams(IndexQuerySchema), async (c) =>
    ok(c, await removeIndex(serviceContext(c), c.req.param("datasetId"), c.req.valid("query").type)),
  )
  // RAGFlow's documented (older) paths for the same
  .post("/:datasetId/run_raptor", async (c) =>
    ok(c, await startIndexTask(serviceContext(c), c.req.param("datasetId"), "raptor")),
  )
  .get("/:datasetId/trace_raptor", async (c) =>
    ok(c, await traceIndexTask(serviceContext(c), c.req.param("datasetId"), "raptor")),
  )
  .post("/:datasetId/run_graphrag", async (c) =>
    ok(c, await startIndexTask(serviceContext(c), c.req.param("datasetId"), "graph")),
  )
  .get("/:datasetId/trace_graphrag", async (c) =>
    ok(c, await traceIndexTask(serviceContext(c), c.req.param("datasetId"), "graph")),
  )
  .post("/:datasetId/run_mindmap", async (c) =>
    ok(c, await startIndexTask(serviceContext(c), c.req.param("datasetId"), "mindmap")),
  )
  .get("/:datasetId/trace_mindmap", async (c) =>
    ok(c, await traceIndexTask(serviceContext(c), c.req.param("datasetId"), "mindmap")),
  )
  // the graph itself: RAGFlow's documented path and its canonical one
  .get("/:datasetId/knowledge_graph", async (c) =>
    ok(c, await getKnowledgeGraph(serviceContext(c), c.req.param("datasetId"))),
  )
  .delete("/:datasetId/knowledge_graph", async (c) =>
    ok(c, await removeIndex(serviceContext(c), c.req.param("datasetId"), "graph")),
  )
  .get("/:datasetId/graph", async (c) => ok(c, await getKnowledgeGraph(serviceContext(c), c.req.param("datasetId"))))
  .delete("/:datasetId/graph", async (c) =>
    ok(c, await removeIndex(serviceContext(c), c.req.param("datasetId"), "graph")),
  )
  .post("/:datasetId/embedding/check", jsonBody(EmbeddingCheckSchema), async (c) => {
    const { passed, result } = await checkEmbeddingModel(
      serviceContext(c),
      c.req.param("datasetId"),
      c.req.valid("json"),
    );
    return passed ? ok(c, result) : notEffective(c, result, EMBEDDING_SWITCH_REFUSED);
  })
  .get("/:datasetId/ingestions", queryParams(IngestionLogsQuerySchema), async (c) =>
    ok(c, await listIngestionLogs(serviceContext(c), c.req.param("datasetId"), c.req.valid("query"))),
  )
  .get("/:datasetId/ingestions/summary", async (c) =>
    ok(c, await ingestionSummary(serviceContext(c), c.req.param("datasetId"))),
  )
  .get("/:datasetId/ingestions/:logId", async (c) =>
    ok(c, await getIngestionLog(serviceContext(c), c.req.param("datasetId"), c.req.param("logId"))),
  )
  .get("/:datasetId/metadata/config", async (c) =>
    ok(c, await getMetadataConfig(serviceContext(c), c.req.param("datasetId"))),
  )
  .put("/:datasetId/metadata/config", jsonBody(MetadataConfigSchema), async (c) =>
    ok(c, await putMetadataConfig(serviceContext(c), c.req.param("datasetId"), c.req.valid("json"))),
  )
  .get("/:datasetId/metadata/summary", async (c) =>
    ok(c, await metadataSummary(serviceContext(c), c.req.param("datasetId"))),
  )
  .post("/:datasetId/metadata/update", metadataDatasetFirst, jsonBodyAsDataError(MetadataUpdateSchema), async (c) =>
    ok(c, await updateMetadata(serviceContext(c), c.req.param("datasetId"), c.req.valid("json"))),
  )
  // RAGFlow's SDK paths for parse and stop
  .post("/:datasetId/chunks", ...parseHandlers)
  .delete("/:datasetId/chunks", ...stopHandlers)
  .get("/:datasetId", async (c) => ok(c, await getDataset(serviceContext(c), c.req.param("datasetId"))))
  .put("/:datasetId", jsonBody(UpdateDatasetRequestSchema, argumentError, BODY_REQUIRED), async (c) => {
    // RAGFlow's update_dataset checks the id's form before it looks the dataset up
    if (!HEX_ID.test(c.req.param("datasetId"))) throw argumentError("Invalid UUID format");
    return ok(c, await updateDataset(serviceContext(c), c.req.param("datasetId"), c.req.valid("json")));
  })
  // last: every more specific DELETE /:datasetId/… above wins
  .delete("/:datasetId/:indexType", removeIndexByPath);
