import type { ModelOption } from "./model-options";

type Props = { configured: ModelOption[]; missing: boolean; value: string; missingLabel: string };

// The team's models as <option>s after a select's fixed choices, and a chosen one that is gone, marked.
export const ModelChoiceOptions = ({ configured, missing, value, missingLabel }: Props) => (
  <>
    {configured.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ))}
    {missing && <option value={value}>{missingLabel}</option>}
  </>
);
