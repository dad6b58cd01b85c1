import { Button, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FieldsProps } from "./fields-props";
import { listOf, patchAt, RowList } from "./row-list";
import { VariableSelect } from "./variable-select";

type Group = { group_name: string; variables: { value: string }[] };

const freeName = (groups: Group[]) => {
  for (let n = 0; ; n++) if (!groups.some((group) => group.group_name === `Group${n}`)) return `Group${n}`;
};

// VariableAggregator: each group is one output, the first of its variables that has a value (the branch that ran).
export const VariableAggregatorFields = ({ form, set, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const groups = listOf<Group>(form.groups);
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t("agents.flowData.aggregatorHint")}
      </Text>
      <RowList
        testId="aggregator-group"
        rows={groups}
        title={(i) => groups[i]?.group_name || t("agents.flowData.group", { n: i + 1 })}
        removeLabel={(i) => t("agents.flowData.removeRow", { n: i + 1 })}
        addLabel={t("agents.flowData.addGroup")}
        onAdd={() => set("groups", [...groups, { group_name: freeName(groups), variables: [{ value: "" }] }])}
        onRemove={(index) =>
          set(
            "groups",
            groups.filter((_, i) => i !== index),
          )
        }
      >
        {(group, index) => {
          const change = (patch: Partial<Group>) => set("groups", patchAt(groups, index, patch));
          const members = group.variables ?? [];
          return (
            <>
              <Input
                size="xs"
                aria-label={t("agents.flowData.groupName", { n: index + 1 })}
                value={group.group_name}
                onChange={(e) => change({ group_name: e.target.value.replace(/[^A-Za-z0-9_]/g, "") })}
              />
              {members.map((member, m) => (
                <HStack key={m} gap="1">
                  <VariableSelect
                    name={`groups.${index}.variables.${m}`}
                    label={t("agents.flowData.groupVariable", { n: index + 1, m: m + 1 })}
                    value={member.value}
                    onChange={(value) => change({ variables: patchAt(members, m, { value }) })}
                    variables={variables}
                    size="xs"
                  />
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t("agents.flowData.removeGroupVariable", { n: index + 1, m: m + 1 })}
                    onClick={() => change({ variables: members.filter((_, i) => i !== m) })}
                  >
                    <X />
                  </IconButton>
                </HStack>
              ))}
              <Button
                size="xs"
                variant="ghost"
                alignSelf="start"
                onClick={() => change({ variables: [...members, { value: "" }] })}
              >
                <Plus /> {t("agents.flowData.addGroupVariable")}
              </Button>
            </>
          );
        }}
      </RowList>
    </Stack>
  );
};
