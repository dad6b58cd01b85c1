import { Checkbox, Fieldset } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { datasetsQueryOptions } from "../../../api/datasets";
import { CheckListBox } from "../../../components/check-list-box";

type Props = { value: string[]; onChange: (ids: string[]) => void; error?: ParseKeys };

// The knowledge bases a Retrieval searches; ids no longer listed stay checked until unticked.
export const KnowledgeBaseSelect = ({ value, onChange, error }: Props) => {
  const { t } = useTranslation();
  const query = useQuery(datasetsQueryOptions({ page: 1, pageSize: 1000 }));
  const datasets = query.data?.datasets ?? [];
  const unknown = query.data ? value.filter((id) => !datasets.some((dataset) => dataset.id === id)) : [];
  const toggle = (id: string, chosen: boolean) =>
    onChange(chosen ? [...value, id] : value.filter((other) => other !== id));
  const rows = [
    ...datasets.map((dataset) => ({ id: dataset.id, label: dataset.name })),
    ...unknown.map((id) => ({ id, label: t("agents.form.kbUnknown", { id }) })),
  ];
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="medium">{t("agents.form.knowledgeBases")}</Fieldset.Legend>
      <CheckListBox
        query={query}
        skeletonHeight="16"
        empty={rows.length === 0}
        emptyText={t("agents.form.kbEmpty")}
        label={t("agents.form.knowledgeBases")}
      >
        {rows.map((row) => (
          <Checkbox.Root
            key={row.id}
            size="sm"
            colorPalette="teal"
            checked={value.includes(row.id)}
            onCheckedChange={(e) => toggle(row.id, e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{row.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </CheckListBox>
      {error && <Fieldset.ErrorText>{t(error)}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
};
