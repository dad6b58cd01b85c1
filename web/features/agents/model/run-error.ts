import type { TFunction } from "i18next";
import { toolsUnsupportedModel } from "../../../../worker/contract/tool-calling";

// A run's error in the user's language where the editor knows it (a model without function calling); any other
// error as the server wrote it.
export const runErrorText = (t: TFunction, error: string) => {
  const model = toolsUnsupportedModel(error);
  return t("agents.run.finishedWithError", {
    error: model ? t("agents.run.noToolCalls", { model }) : error,
  });
};
