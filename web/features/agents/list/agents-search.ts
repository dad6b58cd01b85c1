import * as v from "valibot";

// The agent list's search: a card list's (?q=&page=) plus the tab (?kind=pipelines for the ingestion pipelines).
export const AgentsSearchSchema = v.object({
  q: v.optional(v.string()),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  kind: v.optional(v.picklist(["pipelines"])),
});
