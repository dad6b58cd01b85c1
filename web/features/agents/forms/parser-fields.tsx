import { Badge, Checkbox, HStack, NativeSelect, Stack, Text, Wrap } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { DATAFLOW_COMPONENT_DEFAULTS, PARSER_FORMATS, type ParserFormat } from "../../../../worker/contract/dataflow";
import { isPlainObject } from "../../../../worker/contract/pydantic";
import { FormField } from "../../../components/form-field";
import type { FieldsProps } from "./fields-props";
import { Choice, RowList } from "./row-list";

type Setup = Record<string, unknown>;

// What each format can hand on (RAGFlow's OutputFormatMap).
export const OUTPUT_FORMATS: Record<ParserFormat, readonly string[]> = {
  pdf: ["json", "markdown"],
  spreadsheet: ["html", "json"],
  image: ["text"],
  email: ["text", "json"],
  markdown: ["json"],
  "text&code": ["json", "text"],
  html: ["json", "text"],
  doc: ["json", "markdown"],
  docx: ["json", "markdown"],
  slides: ["json"],
  audio: ["text"],
  video: ["text"],
};
// How a PDF is read: its text layer with layout (DeepDOC) or the plain text only.
const PDF_METHODS = ["DeepDOC", "Plain Text"] as const;
const EMAIL_FIELDS = ["from", "to", "cc", "bcc", "date", "subject", "body", "attachments"] as const;
const DEFAULT_SETUPS = DATAFLOW_COMPONENT_DEFAULTS.Parser.setups as Record<string, Setup>;

const setupsOf = (form: Record<string, unknown>): [ParserFormat, Setup][] =>
  Object.entries(isPlainObject(form.setups) ? form.setups : {})
    .filter((entry): entry is [ParserFormat, Setup] => (PARSER_FORMATS as readonly string[]).includes(entry[0]))
    .map(([format, setup]) => [format, isPlainObject(setup) ? setup : {}]);

const stringsOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

// One setup per file format: what it hands on and, where a format has a choice, how it is read; a format without a
// setup is not parsed (the pipeline refuses such files).
export const ParserFields = ({ form, set, errors }: FieldsProps) => {
  const { t } = useTranslation();
  const setups = setupsOf(form);
  const missing = PARSER_FORMATS.filter((format) => !setups.some(([taken]) => taken === format));
  const write = (next: [ParserFormat, Setup][]) => set("setups", Object.fromEntries(next));
  const patch = (index: number, change: Setup) =>
    write(setups.map(([format, setup], i) => [format, i === index ? { ...setup, ...change } : setup]));
  const formatLabel = (format: ParserFormat) => t(`pipelines.parser.formats.${format}`);
  const titles = setups.map(([format]) => formatLabel(format));

  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {t("pipelines.parser.hint")}
      </Text>
      {errors.setups && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t(errors.setups)}
        </Text>
      )}
      <RowList
        rows={setups}
        testId="parser-setup"
        title={(index) => titles[index] ?? ""}
        removeLabel={(index) => t("pipelines.parser.removeFormat", { format: titles[index] ?? "" })}
        addLabel={t("pipelines.parser.addFormat")}
        onAdd={() => {
          const format = missing[0];
          if (format)
            write([...setups, [format, structuredClone(DEFAULT_SETUPS[format] ?? { output_format: "json" })]]);
        }}
        onRemove={(index) => write(setups.filter((_, i) => i !== index))}
      >
        {([format, setup], index) => (
          <Stack gap="2">
            <FormField label={t("pipelines.parser.format")}>
              <NativeSelect.Root size="xs">
                <NativeSelect.Field
                  aria-label={t("pipelines.parser.format")}
                  value={format}
                  onChange={(event) => {
                    const next = event.target.value as ParserFormat;
                    write(
                      setups.map(([taken, current], i) =>
                        i === index
                          ? [next, structuredClone(DEFAULT_SETUPS[next] ?? { output_format: "json" })]
                          : [taken, current],
                      ),
                    );
                  }}
                >
                  {[format, ...missing].map((option) => (
                    <option key={option} value={option}>
                      {formatLabel(option)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <HStack gap="1" wrap="wrap" aria-label={t("pipelines.parser.suffixes")}>
              <Text fontSize="xs" color="fg.muted">
                {t("pipelines.parser.suffixes")}:
              </Text>
              <Wrap gap="1">
                {stringsOf(setup.suffix).map((suffix) => (
                  <Badge key={suffix} size="sm" variant="subtle">
                    .{suffix}
                  </Badge>
                ))}
              </Wrap>
            </HStack>
            <FormField label={t("pipelines.parser.outputFormat")}>
              <Choice
                name={`output_format_${format}`}
                label={t("pipelines.parser.outputFormat")}
                value={String(setup.output_format ?? OUTPUT_FORMATS[format][0])}
                options={OUTPUT_FORMATS[format]}
                labelOf={(option) => t(`pipelines.parser.outputs.${option as "json"}`)}
                onChange={(output_format) => patch(index, { output_format })}
              />
            </FormField>
            {format === "pdf" && (
              <FormField label={t("pipelines.parser.parseMethod")} helper={t("pipelines.parser.parseMethodHint")}>
                <Choice
                  name="parse_method_pdf"
                  label={t("pipelines.parser.parseMethod")}
                  value={String(setup.parse_method ?? "DeepDOC")}
                  options={PDF_METHODS}
                  labelOf={(option) =>
                    option === "DeepDOC" ? t("kbConfig.fields.layoutDeepDoc") : t("kbConfig.fields.layoutPlainText")
                  }
                  onChange={(parse_method) => patch(index, { parse_method })}
                />
              </FormField>
            )}
            {format === "image" && (
              <Text fontSize="xs" color="fg.muted">
                {t("pipelines.parser.imageHint")}
              </Text>
            )}
            {format === "email" && (
              <FormField label={t("pipelines.parser.emailFields")}>
                <Wrap gap="3">
                  {EMAIL_FIELDS.map((field) => {
                    const fields = setup.fields === undefined ? [...EMAIL_FIELDS] : stringsOf(setup.fields);
                    return (
                      <Checkbox.Root
                        key={field}
                        size="sm"
                        checked={fields.includes(field)}
                        onCheckedChange={(e) =>
                          patch(index, {
                            fields: e.checked ? [...fields, field] : fields.filter((name) => name !== field),
                          })
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{t(`pipelines.parser.email.${field}`)}</Checkbox.Label>
                      </Checkbox.Root>
                    );
                  })}
                </Wrap>
              </FormField>
            )}
          </Stack>
        )}
      </RowList>
    </Stack>
  );
};
