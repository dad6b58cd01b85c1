import * as v from "valibot";
import type { RetrieveArgsSchema } from "../../contract/mcp";
import { RetrievalSchema } from "../../contract/retrieval";
import { dataError } from "../../lib/errors";
import { formatIssues } from "../../lib/validation";
import type { ServiceContext } from "../context";
import { retrieve } from "../retrieval/retrieve";
import { toCitation } from "./citations";

// The tool's arguments go through POST /retrieval's own schema (its defaults and checks) and the one retrieval path.
export const retrieveChunks = async (ctx: ServiceContext, args: v.InferOutput<typeof RetrieveArgsSchema>) => {
  const parsed = v.safeParse(RetrievalSchema, args);
  if (!parsed.success) throw dataError(formatIssues(parsed.issues));
  const { chunks, total } = await retrieve(ctx, parsed.output);
  return { total, chunks: chunks.map(toCitation) };
};
