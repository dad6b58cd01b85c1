import { Button, HStack, Input, Stack, Tag, Text } from "@chakra-ui/react";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfigField, type FieldErrorProp } from "./config-field";

type Props = { value: string[]; onChange: (value: string[]) => void; error: FieldErrorProp };

// Editable tags: type a name and press Enter or a comma; pasted comma lists are split into several tags.
export const EntityTypesField = ({ value, onChange, error }: Props) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");

  const add = (text: string) => {
    const names = text
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    const next = [...value];
    for (const name of names) if (!next.includes(name)) next.push(name);
    if (next.length !== value.length) onChange(next);
    setDraft("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <Stack gap="3">
      <ConfigField label={t("kbConfig.fields.entityTypes")} helper={t("kbConfig.fields.entityTypesHint")} error={error}>
        <HStack gap="2" maxW="md" w="full">
          <Input
            name="entity_types"
            value={draft}
            placeholder={t("kbConfig.fields.entityTypesPlaceholder")}
            onChange={(e) => (e.target.value.includes(",") ? add(e.target.value) : setDraft(e.target.value))}
            onKeyDown={onKeyDown}
            onBlur={() => draft.trim() && add(draft)}
          />
          <Button variant="outline" onClick={() => add(draft)} disabled={!draft.trim()}>
            {t("kbConfig.fields.addEntityType")}
          </Button>
        </HStack>
      </ConfigField>
      {value.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t("kbConfig.fields.noEntityTypes")}
        </Text>
      ) : (
        <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" data-testid="entity-types">
          {value.map((name) => (
            <li key={name}>
              <Tag.Root size="lg" colorPalette="teal" variant="subtle">
                <Tag.Label>{name}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={t("kbConfig.fields.removeEntityType", { name })}
                    onClick={() => onChange(value.filter((item) => item !== name))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            </li>
          ))}
        </HStack>
      )}
    </Stack>
  );
};
