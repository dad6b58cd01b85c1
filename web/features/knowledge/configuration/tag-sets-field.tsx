import { Checkbox, Fieldset, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { FieldErrorProp } from "./config-field";

export type TagSetOption = { id: string; name: string };
// null while the team's knowledge bases load; "failed" when they could not be read
export type TagSetChoices = TagSetOption[] | null | "failed";

type Props = { value: string[]; onChange: (ids: string[]) => void; choices: TagSetChoices; error?: FieldErrorProp };

// The team's knowledge bases with the Tag method, ticked to tag this one's chunks; one chosen earlier that is
// gone (or not readable) stays listed so it can be unticked.
export const TagSetsField = ({ value, onChange, choices, error }: Props) => {
  const { t } = useTranslation();
  const options = Array.isArray(choices) ? choices : [];
  const unknown = Array.isArray(choices) ? value.filter((id) => !options.some((option) => option.id === id)) : [];
  const toggle = (id: string, chosen: boolean) =>
    onChange(chosen ? [...value, id] : value.filter((other) => other !== id));
  const box = (id: string, label: string) => (
    <Checkbox.Root
      key={id}
      name="tag_kb_ids"
      value={id}
      size="sm"
      colorPalette="teal"
      checked={value.includes(id)}
      onCheckedChange={(e) => toggle(id, e.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="medium">{t("kbConfig.fields.tagKbIds")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("kbConfig.fields.tagKbIdsHint")}</Fieldset.HelperText>
      {choices === null ? (
        <Skeleton h="10" rounded="md" />
      ) : choices === "failed" ? (
        <Text fontSize="sm" color="fg.error">
          {t("kbConfig.fields.tagSetsFailed")}
        </Text>
      ) : options.length === 0 && unknown.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="tag-sets-empty">
          {t("kbConfig.fields.tagSetsEmpty")}
        </Text>
      ) : (
        <Stack
          gap="2"
          maxH="40"
          overflowY="auto"
          borderWidth="1px"
          rounded="md"
          p="3"
          role="group"
          aria-label={t("kbConfig.fields.tagKbIds")}
        >
          {options.map((option) => box(option.id, option.name))}
          {unknown.map((id) => box(id, t("kbConfig.fields.tagSetUnknown", { id })))}
        </Stack>
      )}
      {error && <Fieldset.ErrorText>{t(error.key, error.values ?? {})}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
};
