import type { IndexType } from "../../contract/dataset-index";
import { graphBuilder } from "../graph/build";
import { removeKnowledgeGraph } from "../graph/store";
import type { IndexKind } from "../index-kit/builder";
import { mindMapBuilder } from "../mindmap/build";
import { removeMindMap } from "../mindmap/store";
import { removeRaptorChunks } from "../raptor/chunks";
import { raptorBuilder } from "../raptor/run";

// Every kind of dataset-wide index, each registered once.
export const INDEX_KINDS: Record<IndexType, IndexKind> = {
  raptor: {
    ...raptorBuilder,
    responseKey: "raptor_task_id",
    remove: (deps, id) => removeRaptorChunks(deps, id),
    needs: "to write its summaries",
  },
  graph: {
    ...graphBuilder,
    responseKey: "graphrag_task_id",
    remove: removeKnowledgeGraph,
    needs: "to extract entities and relations",
  },
  mindmap: { ...mindMapBuilder, responseKey: "mindmap_task_id", remove: removeMindMap, needs: "to write the mind map" },
};
