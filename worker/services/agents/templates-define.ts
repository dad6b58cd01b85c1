import type { AgentTemplate, Dsl } from "../../contract/agents";
import type { CanvasCategory } from "../../contract/dataflow";

// A template's texts in the language asked for: say(German, English).
export type Say = (de: string, en: string) => string;

export type Definition = Omit<AgentTemplate, "dsl"> & { dsl: (say: Say) => Dsl };

export const template = (
  id: string,
  de: [string, string],
  en: [string, string],
  canvasType: string,
  dsl: (say: Say) => Dsl,
  canvasCategory: CanvasCategory = "agent_canvas",
): Definition => ({
  id,
  title: { de: de[0], en: en[0] },
  description: { de: de[1], en: en[1] },
  canvas_type: canvasType,
  canvas_category: canvasCategory,
  dsl,
});
