import { NativeSelect } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { ModelOption } from "./model-options";

type Props = {
  configured: ModelOption[];
  missing: boolean;
  value: string;
  missingLabel: string;
  // how an option reads (e.g. marked when it cannot call tools); its label when left out
  optionLabel?: (option: ModelOption) => string;
};

// The team's models as <option>s after a select's fixed choices, and a chosen one that is gone, marked.
const ModelChoiceOptions = ({ configured, missing, value, missingLabel, optionLabel }: Props) => (
  <>
    {configured.map((option) => (
      <option key={option.value} value={option.value}>
        {optionLabel ? optionLabel(option) : option.label}
      </option>
    ))}
    {missing && <option value={value}>{missingLabel}</option>}
  </>
);

type SelectProps = {
  name: string;
  value: string;
  // what useModelChoices gives
  choices: Pick<Props, "configured" | "missing">;
  missingLabel: string;
  onChange: (value: string) => void;
  size?: "sm" | "md";
  optionLabel?: Props["optionLabel"];
  // the fixed choices before the team's models
  children: ReactNode;
};

// A native select of models: the fixed choices, then the team's models (useModelChoices gives them).
export const ModelChoiceSelect = ({
  name,
  value,
  choices,
  missingLabel,
  onChange,
  size,
  optionLabel,
  children,
}: SelectProps) => (
  <NativeSelect.Root {...(size && { size })}>
    <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
      {children}
      <ModelChoiceOptions value={value} missingLabel={missingLabel} optionLabel={optionLabel} {...choices} />
    </NativeSelect.Field>
    <NativeSelect.Indicator />
  </NativeSelect.Root>
);
