import type { SearchConfig } from "../../contract/searches";
import type { SearchAppRow } from "../../db/schema";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { visibleDatasetIds } from "../scope/datasets";
import { searchConfigOf } from "./internal";
import { documentsWithin } from "./validate";

// A team's search app may name a knowledge base private to the member who chose it. Other members see neither
// that base's id nor its documents' ids; what they save keeps them as they were.
type Hidden = { kbIds: string[]; docIds: string[] };

const hiddenIn = async (ctx: ServiceContext, config: SearchConfig, visible: Set<string>): Promise<Hidden> => {
  const kbIds = config.kb_ids.filter((id) => !visible.has(id));
  const docIds = kbIds.length && config.doc_ids.length ? await documentsWithin(ctx, kbIds, config.doc_ids) : [];
  return { kbIds, docIds };
};

const without = (config: SearchConfig, hidden: Hidden): SearchConfig => ({
  ...config,
  kb_ids: config.kb_ids.filter((id) => !hidden.kbIds.includes(id)),
  doc_ids: config.doc_ids.filter((id) => !hidden.docIds.includes(id)),
});

export const configShownTo = async (
  ctx: ServiceContext,
  row: SearchAppRow,
  visible?: Set<string>,
): Promise<{ shown: SearchConfig; hidden: Hidden }> => {
  const config = searchConfigOf(row);
  const hidden = await hiddenIn(ctx, config, visible ?? (await visibleDatasetIds(ctx, config.kb_ids)));
  return { shown: without(config, hidden), hidden };
};

export const rowsShownTo = async (ctx: ServiceContext, rows: SearchAppRow[]) => {
  const visible = await visibleDatasetIds(
    ctx,
    rows.flatMap((row) => searchConfigOf(row).kb_ids),
  );
  const shown: SearchAppRow[] = [];
  for (const row of rows) shown.push({ ...row, searchConfig: (await configShownTo(ctx, row, visible)).shown });
  return shown;
};

// The saved configuration after a member's change: what they chose plus what they could not see. A base they may
// not see can't be added (its id would have come from somewhere else).
export const withHidden = (config: SearchConfig, hidden: Hidden): SearchConfig => {
  const hiddenKbIds = hidden.kbIds.filter((id) => !config.kb_ids.includes(id));
  if (hiddenKbIds.length === 0) return config;
  const kbIds = [...config.kb_ids, ...hiddenKbIds];
  if (kbIds.length > 64) throw dataError("At most 64 knowledge bases.");
  return { ...config, kb_ids: kbIds, doc_ids: [...new Set([...config.doc_ids, ...hidden.docIds])] };
};
