import type { TagCount } from "../../contract/tags";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { tagsOfDatasets } from "./internal";

// Every tag of a dataset's chunks with how many chunks carry it, most used first.
export const listTags = async (ctx: ServiceContext, datasetId: string): Promise<TagCount[]> => {
  await getDatasetInTenant(ctx, datasetId);
  return (await tagsOfDatasets(ctx, [datasetId])).map((row) => [row.tag, row.n]);
};
