import type { IndexTaskType } from "../../db/schema";
import { graphBuilder } from "../graph/build";
import { raptorBuilder } from "../raptor/run";
import type { IndexBuilder } from "./runner";

export const INDEX_BUILDERS: Record<IndexTaskType, IndexBuilder> = { raptor: raptorBuilder, graph: graphBuilder };
