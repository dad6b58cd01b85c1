import * as v from "valibot";
import { FEEDBACK_REASONS } from "../../../worker/contract/chats";
import { THUMB_FILTERS } from "../../api/evaluation";

// A hand-edited URL with an unknown value falls back to the default instead of failing the page.
const loose = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const page = v.pipe(v.number(), v.integer(), v.minValue(1));

// The evaluation page's filters, kept in the URL so a view can be linked and reloaded.
export const EvaluationSearchSchema = v.object({
  tab: loose(v.picklist(["feedback", "unanswered", "sets"])),
  from: loose(day),
  to: loose(day),
  // /buddy-eval only; /evaluation/$dialogId takes the assistant from the path
  chat: loose(v.string()),
  reason: loose(v.picklist(FEEDBACK_REASONS)),
  thumbs: loose(v.picklist(THUMB_FILTERS)),
  q: loose(v.string()),
  page: loose(page),
  resolved: loose(v.boolean()),
  upage: loose(page),
});

export type EvaluationSearch = v.InferOutput<typeof EvaluationSearchSchema>;
