import { Input, Stack, Switch } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { DOC_FORMATS } from "../../../../worker/contract/agent-flow-params";
import { FormField } from "../../../components/form-field";
import { type FieldsProps, numberOr, text } from "./fields-props";
import { NumberField } from "./number-field";
import { Choice } from "./row-list";
import { VariableTextField } from "./variable-text-field";

const SWITCHES = ["add_page_numbers", "add_timestamp"] as const;
const MARGIN_TEXTS = ["header_text", "footer_text", "watermark_text"] as const;

// DocGenerator: the content (Markdown with variables), the file format and name, and what each page carries.
export const DocGeneratorFields = ({ form, set, errors, variables }: FieldsProps) => {
  const { t } = useTranslation();
  const format = String(form.output_format ?? "pdf") as (typeof DOC_FORMATS)[number];
  return (
    <Stack gap="4">
      <FormField label={t("agents.docGenerator.format")}>
        <Choice
          name="output_format"
          label={t("agents.docGenerator.format")}
          value={format}
          options={DOC_FORMATS}
          labelOf={(option) => t(`agents.docGenerator.formats.${option}`)}
          onChange={(next) => set("output_format", next)}
        />
      </FormField>
      <VariableTextField
        name="content"
        label={t("agents.docGenerator.content")}
        helper={t("agents.docGenerator.contentHint")}
        value={text(form.content)}
        onChange={(value) => set("content", value)}
        variables={variables}
        error={errors.content}
        rows={8}
      />
      <FormField label={t("agents.docGenerator.filename")} helper={t("agents.docGenerator.filenameHint")}>
        <Input
          size="sm"
          name="filename"
          value={text(form.filename)}
          onChange={(e) => set("filename", e.target.value)}
        />
      </FormField>
      {(format === "pdf" || format === "docx" || format === "html") &&
        MARGIN_TEXTS.filter((key) => key !== "watermark_text" || format !== "html").map((key) => (
          <FormField key={key} label={t(`agents.docGenerator.${key}`)}>
            <Input size="sm" name={key} value={text(form[key])} onChange={(e) => set(key, e.target.value)} />
          </FormField>
        ))}
      {(format === "pdf" || format === "docx") && (
        <NumberField
          name="font_size"
          label={t("agents.docGenerator.fontSize")}
          value={numberOr(form.font_size, 12)}
          onChange={(value) => set("font_size", value)}
          min={12}
          max={36}
        />
      )}
      {SWITCHES.filter((key) => key !== "add_page_numbers" || format === "pdf" || format === "docx").map((key) => (
        <Switch.Root
          key={key}
          size="sm"
          colorPalette="teal"
          checked={form[key] !== false}
          onCheckedChange={(e) => set(key, e.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t(`agents.docGenerator.${key}`)}</Switch.Label>
        </Switch.Root>
      ))}
    </Stack>
  );
};
