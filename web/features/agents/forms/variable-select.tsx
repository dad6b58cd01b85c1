import { NativeSelect } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { VariableOption } from "../model/variables";
import { useVariableLabel } from "./variable-menu";

type Props = {
  value: string;
  onChange: (value: string) => void;
  variables: VariableOption[];
  label: string;
  name: string;
  size?: "xs" | "sm" | "md";
};

// Picks one variable reference; a reference no longer offered (its node was removed) stays visible until changed.
export const VariableSelect = ({ value, onChange, variables, label, name, size = "sm" }: Props) => {
  const { t } = useTranslation();
  const labelOf = useVariableLabel();
  const unknown = value !== "" && !variables.some((option) => option.ref === value);
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field name={name} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t("agents.variables.choose")}</option>
        {variables.map((option) => (
          <option key={option.ref} value={option.ref}>
            {labelOf(option)}
          </option>
        ))}
        {unknown && <option value={value}>{t("agents.variables.unknown", { ref: value })}</option>}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
};
