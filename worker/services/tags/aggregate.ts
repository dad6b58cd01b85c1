import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { tagsOfDatasets } from "./internal";

// Tags of several datasets, counts added up.
export const aggregateTags = async (ctx: ServiceContext, idList: string) => {
  const ids = [
    ...new Set(
      idList
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  for (const id of ids) {
    await getDatasetInTenant(ctx, id).catch(() => {
      throw dataError(`No authorization for dataset '${id}'`);
    });
  }
  return (await tagsOfDatasets(ctx, ids)).map((row) => ({ value: row.tag, count: row.n }));
};
