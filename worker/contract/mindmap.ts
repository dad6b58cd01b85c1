import * as v from "valibot";
import { searchQuestion } from "./searches";
import { msg } from "./pydantic";

// RAGFlow's mind map: nested {id, children} nodes, the id being the node's text.
export type MindMapNode = { id: string; children: MindMapNode[] };

// POST /chat/mindmap: a mind map of the best chunks for a question over knowledge bases (a search app's settings
// with search_id).
export const MindMapSchema = v.object({
  question: searchQuestion,
  kb_ids: v.pipe(
    v.array(v.string(msg.string), "`kb_ids` is required."),
    v.minLength(1, "`kb_ids` is required."),
    v.maxLength(64, "At most 64 kb_ids."),
  ),
  search_id: v.optional(v.string(msg.string)),
});
export type MindMapInput = v.InferOutput<typeof MindMapSchema>;

// POST /searchbots/mindmap: the same on a search app's share link.
export const SearchbotMindMapSchema = v.object({
  question: searchQuestion,
  search_id: v.pipe(v.string("`search_id` is required."), v.nonEmpty("`search_id` is required.")),
});
