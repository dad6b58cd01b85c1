import { Button, Menu, Text } from "@chakra-ui/react";
import { Braces } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PopupMenu } from "../../../components/popup-menu";
import type { VariableOption } from "../model/variables";

export const useVariableLabel = () => {
  const { t } = useTranslation();
  return (option: VariableOption) =>
    option.kind === "sys"
      ? t(`agents.variables.sys.${option.name}`)
      : option.kind === "env"
        ? `env.${option.name}`
        : `${option.nodeName} · ${option.output}`;
};

const GROUPS = ["sys", "env", "node"] as const;

// "Insert variable": {sys.query}, the globals and the other nodes' outputs, grouped.
export const VariableMenu = ({
  variables,
  onPick,
  fieldLabel,
}: {
  variables: VariableOption[];
  onPick: (ref: string) => void;
  fieldLabel: string;
}) => {
  const { t } = useTranslation();
  const labelOf = useVariableLabel();
  return (
    <PopupMenu
      onSelect={({ value }) => onPick(value)}
      positioning={{ placement: "bottom-end" }}
      content={{ maxH: "72", overflowY: "auto" }}
      trigger={
        <Button size="2xs" variant="ghost" aria-label={t("agents.variables.insertInto", { field: fieldLabel })}>
          <Braces /> {t("agents.variables.insert")}
        </Button>
      }
    >
      {GROUPS.map((group) => {
        const options = variables.filter((option) => option.kind === group);
        if (options.length === 0) return null;
        return (
          <Menu.ItemGroup key={group}>
            <Menu.ItemGroupLabel>{t(`agents.variables.group.${group}`)}</Menu.ItemGroupLabel>
            {options.map((option) => (
              <Menu.Item key={option.ref} value={option.ref}>
                <Text truncate>{labelOf(option)}</Text>
                <Menu.ItemCommand fontFamily="mono">{option.ref}</Menu.ItemCommand>
              </Menu.Item>
            ))}
          </Menu.ItemGroup>
        );
      })}
    </PopupMenu>
  );
};
