import { useQuery } from "@tanstack/react-query";
import { type ModelType, modelsQueryOptions } from "../../api/models";
import { optionsFor } from "./model-options";

// The team's enabled models of a type beside a built-in one, and whether the chosen model is gone (it stays
// listed, marked, so a saved choice is never silently changed, not even while the list loads).
export const useModelChoices = (type: ModelType, builtinId: string, value: string) => {
  const models = useQuery(modelsQueryOptions());
  // until the list is there (or when it failed), the saved choice is shown by its id rather than as another option
  const saved = value !== "" && value !== builtinId ? [{ value, label: value }] : [];
  const configured = models.data ? optionsFor(models.data, type).filter((option) => option.value !== builtinId) : saved;
  const missing =
    value !== "" && value !== builtinId && models.isSuccess && !configured.some((option) => option.value === value);
  return { models, configured, missing };
};
