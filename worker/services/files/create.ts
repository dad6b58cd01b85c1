import type { CreateFileInput } from "../../contract/files";
import { files } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { childNames, FOLDER, newFileRow, targetFolder } from "./internal";
import { toFileEntry } from "./serialize";

// A new folder, or an empty ("virtual") file; the name must be free in the folder.
export const createFile = async (ctx: ServiceContext, input: CreateFileInput) => {
  const parent = await targetFolder(ctx, input.parent_id);
  const taken = (await childNames(ctx, parent.id)).map((name) => name.toLowerCase());
  if (taken.includes(input.name.toLowerCase())) throw dataError(`Duplicated name in the same folder: ${input.name}`);
  const row = newFileRow(ctx, parent.id, { name: input.name, type: input.type === "folder" ? FOLDER : "virtual" });
  await ctx.db.insert(files).values(row);
  return toFileEntry(row);
};
