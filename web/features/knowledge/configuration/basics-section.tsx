import { Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_EMBEDDING_MODEL, PERMISSIONS, type Permission } from "../../../../worker/contract/datasets";
import type { ModelOption } from "../../models/model-options";
import { AvatarPicker } from "../../settings/avatar-picker";
import { ConfigField } from "./config-field";
import { ConfigSection, type SectionProps } from "./config-section";

const LANGUAGES = ["German", "English"] as const;

type Props = SectionProps & { currentModel: string; embeddingModels: ModelOption[]; chunkCount: number };

export const BasicsSection = ({ values, set, errors, currentModel, embeddingModels, chunkCount }: Props) => {
  const { t } = useTranslation();
  const locked = chunkCount > 0;
  const languages: string[] = [...LANGUAGES];
  if (values.language && !languages.includes(values.language)) languages.push(values.language);
  // the built-in model, the team's enabled embedding models, and the current one even if it is gone
  const models: ModelOption[] = [
    { value: DEFAULT_EMBEDDING_MODEL, label: t("kbConfig.fields.embeddingBuiltin") },
    ...embeddingModels.filter((model) => model.value !== DEFAULT_EMBEDDING_MODEL),
  ];
  if (!models.some((model) => model.value === currentModel))
    models.unshift({ value: currentModel, label: currentModel });

  return (
    <ConfigSection title={t("kbConfig.sections.basics")} description={t("kbConfig.sections.basicsHint")}>
      <ConfigField label={t("kbConfig.fields.name")} error={errors.name} required>
        <Input name="name" value={values.name} maxLength={128} onChange={(e) => set("name", e.target.value)} />
      </ConfigField>
      <ConfigField label={t("kbConfig.fields.photo")} error={errors.avatar}>
        <AvatarPicker name={values.name} value={values.avatar || null} onChange={(avatar) => set("avatar", avatar)} />
      </ConfigField>
      <ConfigField label={t("kbConfig.fields.description")} error={errors.description}>
        <Textarea
          name="description"
          value={values.description}
          placeholder={t("kbConfig.fields.descriptionPlaceholder")}
          autoresize
          minH="20"
          onChange={(e) => set("description", e.target.value)}
        />
      </ConfigField>
      <ConfigField
        label={t("kbConfig.fields.language")}
        helper={t("kbConfig.fields.languageHint")}
        error={errors.language}
        required
      >
        <NativeSelect.Root maxW="sm">
          <NativeSelect.Field name="language" value={values.language} onChange={(e) => set("language", e.target.value)}>
            {languages.map((language) => (
              <option key={language} value={language}>
                {language === "German" || language === "English" ? t(`kbConfig.languages.${language}`) : language}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ConfigField>
      <RadioGroup.Root
        name="permission"
        value={values.permission}
        onValueChange={(e) => e.value && set("permission", e.value as Permission)}
        colorPalette="teal"
      >
        <Stack gap="2">
          <RadioGroup.Label>{t("kbConfig.fields.permissions")}</RadioGroup.Label>
          <Stack direction="row" gap="6">
            {PERMISSIONS.map((permission) => (
              <RadioGroup.Item key={permission} value={permission}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {t(permission === "me" ? "kbConfig.fields.permissionMe" : "kbConfig.fields.permissionTeam")}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {t("kbConfig.fields.permissionsHint")}
          </Text>
        </Stack>
      </RadioGroup.Root>
      <ConfigField
        label={t("kbConfig.fields.embeddingModel")}
        helper={
          locked ? t("kbConfig.fields.embeddingFrozen", { count: chunkCount }) : t("kbConfig.fields.embeddingHint")
        }
        error={errors.embedding_model}
        disabled={locked}
        required
      >
        <NativeSelect.Root maxW="md" disabled={locked}>
          <NativeSelect.Field
            name="embedding_model"
            value={values.embeddingModel}
            onChange={(e) => set("embeddingModel", e.target.value)}
          >
            {models.map((model) => (
              <option key={model.value} value={model.value}>
                {model.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ConfigField>
    </ConfigSection>
  );
};
