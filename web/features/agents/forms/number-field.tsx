import { Input } from "@chakra-ui/react";
import { useState } from "react";
import { FormField } from "../../../components/form-field";

type Props = {
  name: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  helper?: string;
};

// A number typed by hand: the box keeps what is typed, the value changes only when it is a number in range.
export const NumberField = ({ name, label, value, onChange, min, max, step = 1, helper }: Props) => {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(String(value));
  }
  const parsed = Number(draft.replace(",", "."));
  const valid =
    draft.trim() !== "" &&
    Number.isFinite(parsed) &&
    (min === undefined || parsed >= min) &&
    (max === undefined || parsed <= max);
  const type = (next: string) => {
    setDraft(next);
    const number = Number(next.replace(",", "."));
    if (
      next.trim() === "" ||
      !Number.isFinite(number) ||
      (min !== undefined && number < min) ||
      (max !== undefined && number > max)
    )
      return;
    setShown(number);
    onChange(number);
  };
  return (
    <FormField label={label} helper={helper} error={valid ? undefined : "validation.invalid"}>
      <Input
        type="number"
        name={name}
        value={draft}
        min={min}
        max={max}
        step={step}
        inputMode={step < 1 ? "decimal" : "numeric"}
        maxW="40"
        onChange={(e) => type(e.target.value)}
      />
    </FormField>
  );
};
