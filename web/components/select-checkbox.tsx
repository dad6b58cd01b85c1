import { Checkbox } from "@chakra-ui/react";

type Props = {
  checked: boolean | "indeterminate";
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

// The small checkbox of a table's selection column (a row, or "all" with its indeterminate state).
export const SelectCheckbox = ({ checked, label, onChange, disabled }: Props) => (
  <Checkbox.Root
    size="sm"
    checked={checked}
    disabled={disabled}
    onCheckedChange={(e) => onChange(e.checked === true)}
    aria-label={label}
  >
    <Checkbox.HiddenInput />
    <Checkbox.Control />
  </Checkbox.Root>
);
