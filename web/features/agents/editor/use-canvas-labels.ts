import type { AriaLabelConfig } from "@xyflow/react";
import { useTranslation } from "react-i18next";

// React Flow's screen-reader texts and control labels in the app's language.
export const useCanvasLabels = (): Partial<AriaLabelConfig> => {
  const { t } = useTranslation();
  return {
    "node.a11yDescription.default": t("agents.canvas.nodeHelp"),
    "node.a11yDescription.keyboardDisabled": t("agents.canvas.nodeHelpKeyboard"),
    "node.a11yDescription.ariaLiveMessage": ({ direction, x, y }) =>
      t("agents.canvas.nodeMoved", {
        direction: t(`agents.canvas.directions.${direction as "up" | "down" | "left" | "right"}`),
        x,
        y,
      }),
    "edge.a11yDescription.default": t("agents.canvas.edgeHelp"),
    "controls.ariaLabel": t("agents.canvas.controls"),
    "controls.zoomIn.ariaLabel": t("agents.canvas.zoomIn"),
    "controls.zoomOut.ariaLabel": t("agents.canvas.zoomOut"),
    "controls.fitView.ariaLabel": t("agents.canvas.fitView"),
    "controls.interactive.ariaLabel": t("agents.canvas.interactive"),
    "minimap.ariaLabel": t("agents.canvas.minimap"),
    "handle.ariaLabel": t("agents.canvas.handle"),
  };
};
