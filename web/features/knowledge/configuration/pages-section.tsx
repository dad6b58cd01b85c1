import { Button, Fieldset } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NumberField } from "./config-field";
import { ConfigSection, type SectionProps } from "./config-section";
import { type PageRow, pageRow } from "./form-values";
import { PageRangeRow } from "./page-range-row";

// A new range starts right after the last one.
const nextRow = (rows: PageRow[]) => {
  const last = Number(rows.at(-1)?.to);
  const from = Number.isInteger(last) && last > 0 ? last + 1 : 1;
  return pageRow(from, from + 99);
};

export const PagesSection = ({ values, set, errors }: SectionProps) => {
  const { t } = useTranslation();
  const rows = values.pages;
  const update = (key: number, patch: Partial<PageRow>) =>
    set(
      "pages",
      rows.map((row) => (row.key === key ? { ...row, ...patch } : row)),
    );
  const listError = errors["parser_config.pages"];

  return (
    <ConfigSection title={t("kbConfig.sections.pages")} description={t("kbConfig.sections.pagesHint")}>
      <Fieldset.Root invalid={Boolean(listError)} data-testid="page-ranges">
        <Fieldset.Legend>{t("kbConfig.fields.pageRanges")}</Fieldset.Legend>
        <Fieldset.HelperText>{t("kbConfig.fields.pageRangesHint")}</Fieldset.HelperText>
        <Fieldset.Content gap="3">
          {rows.map((row, i) => (
            <PageRangeRow
              key={row.key}
              row={row}
              index={i + 1}
              error={errors[`parser_config.pages.${i}`]}
              onChange={(patch) => update(row.key, patch)}
              onRemove={() =>
                set(
                  "pages",
                  rows.filter((item) => item.key !== row.key),
                )
              }
            />
          ))}
        </Fieldset.Content>
        {listError && <Fieldset.ErrorText>{t(listError.key, listError.values ?? {})}</Fieldset.ErrorText>}
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => set("pages", [...rows, nextRow(rows)])}>
          <Plus aria-hidden />
          {t("kbConfig.fields.addRange")}
        </Button>
      </Fieldset.Root>
      <NumberField
        label={t("kbConfig.fields.taskPageSize")}
        helper={t("kbConfig.fields.taskPageSizeHint")}
        name="task_page_size"
        value={values.taskPageSize}
        onChange={(value) => set("taskPageSize", value)}
        error={errors["parser_config.task_page_size"]}
        min={1}
        max={10_000}
        required
      />
    </ConfigSection>
  );
};
