import * as v from "valibot";

const loose = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

export const SET_VIEWS = ["questions", "runs", "compare", "chart"] as const;
export type SetView = (typeof SET_VIEWS)[number];

// A test set's page state in the URL: the view, the open run, the compared runs and the questions' page.
export const SetSearchSchema = v.object({
  view: loose(v.picklist(SET_VIEWS)),
  run: loose(v.string()),
  a: loose(v.string()),
  b: loose(v.string()),
  page: loose(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

export type SetSearch = v.InferOutput<typeof SetSearchSchema>;
