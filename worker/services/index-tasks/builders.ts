import type { IndexType } from "../../contract/dataset-index";
import { graphBuilder } from "../graph/build";
import { mindMapBuilder } from "../mindmap/build";
import { raptorBuilder } from "../raptor/run";
import type { IndexBuilder } from "./runner";

export const INDEX_BUILDERS: Record<IndexType, IndexBuilder> = {
  raptor: raptorBuilder,
  graph: graphBuilder,
  mindmap: mindMapBuilder,
};
