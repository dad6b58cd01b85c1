import type { Agent } from "../../contract/agents";
import type { AgentRow } from "../../db/schema";
import { maskSecrets } from "../../contract/agent-components";

// A flow as someone who may only run it reads it (list, viewer, copy, versions): credentials in parameters, node
// forms and globals masked.
export const withoutSecrets = (dsl: AgentRow["dsl"]): AgentRow["dsl"] => ({
  ...dsl,
  components: Object.fromEntries(
    Object.entries(dsl.components).map(([id, component]) => [
      id,
      { ...component, obj: { ...component.obj, params: maskSecrets(component.obj.params) } },
    ]),
  ),
  // the editor's node forms repeat the parameters
  graph: {
    ...dsl.graph,
    nodes: dsl.graph.nodes.map((node) =>
      node?.data?.form ? { ...node, data: { ...node.data, form: maskSecrets(node.data.form) } } : node,
    ),
  },
  globals: maskSecrets(dsl.globals ?? {}),
});

export const toAgent = (row: AgentRow, editable = true): Agent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  avatar: row.avatar,
  permission: row.permission,
  canvas_type: row.canvasType,
  canvas_category: row.canvasCategory,
  dsl: editable ? row.dsl : withoutSecrets(row.dsl),
  user_id: row.createdBy,
  create_time: row.createTime,
  update_time: row.updateTime,
});
