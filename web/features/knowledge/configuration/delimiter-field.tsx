import { Button, HStack, Input, Stack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { ConfigField, type FieldErrorProp } from "./config-field";

// The delimiters RAGFlow offers, with the text the input shows for each.
const DELIMITERS = [
  { name: "comma", value: ",", shown: "," },
  { name: "newline", value: "\n", shown: "\\n" },
  { name: "tab", value: "\t", shown: "\\t" },
  { name: "underline", value: "_", shown: "_" },
  { name: "slash", value: "/", shown: "/" },
  { name: "minus", value: "-", shown: "-" },
  { name: "semicolon", value: ";", shown: ";" },
] as const;

// A single-line input cannot hold line breaks or tabs, so they are shown as \n and \t (as RAGFlow does).
export const showDelimiter = (value: string) => value.replaceAll("\n", "\\n").replaceAll("\t", "\\t");
export const readDelimiter = (text: string) => text.replaceAll("\\n", "\n").replaceAll("\\t", "\t");

// `name`: the parser_config key it edits (the chunk delimiter, or the children's for parent-child chunking)
type Props = {
  value: string;
  onChange: (value: string) => void;
  error: FieldErrorProp;
  name?: "delimiter" | "children_delimiter";
  label?: string;
};

export const DelimiterField = ({ value, onChange, error, name = "delimiter", label }: Props) => {
  const { t } = useTranslation();
  return (
    <ConfigField
      label={label ?? t("kbConfig.fields.delimiter")}
      helper={t("kbConfig.fields.delimiterHint")}
      error={error}
      required
    >
      <Stack gap="2" w="full">
        <Input
          name={name}
          value={showDelimiter(value)}
          fontFamily="mono"
          maxW="md"
          spellCheck={false}
          onChange={(e) => onChange(readDelimiter(e.target.value))}
        />
        <HStack
          gap="2"
          wrap="wrap"
          role="group"
          aria-label={`${t("kbConfig.fields.insertDelimiter")}: ${label ?? t("kbConfig.fields.delimiter")}`}
        >
          {DELIMITERS.map((delimiter) => {
            const delimiterName = t(`kbConfig.delimiters.${delimiter.name}`);
            return (
              <Button
                key={delimiter.name}
                size="xs"
                variant="outline"
                aria-label={t("kbConfig.fields.insert", { name: delimiterName })}
                title={t("kbConfig.fields.insert", { name: delimiterName })}
                onClick={() => onChange(value + delimiter.value)}
              >
                <code>{delimiter.shown}</code> {delimiterName}
              </Button>
            );
          })}
        </HStack>
      </Stack>
    </ConfigField>
  );
};
