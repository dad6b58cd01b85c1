import { Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { ConfigField } from "../knowledge/configuration/config-field";
import { ColorField } from "./color-field";
import { DESIGN_COLORS, type TabProps } from "./config-form";
import { DesignPreview } from "./design-preview";

export const DesignTab = ({ values, set, errors }: TabProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text fontWeight="medium">{t("chatConfig.design.colors")}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t("chatConfig.design.colorsHint")}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {DESIGN_COLORS.map((key) => (
          <ColorField
            key={key}
            name={key}
            label={t(`chatConfig.design.${key}`)}
            value={values.colors[key]}
            onChange={(color) => set("colors", { ...values.colors, [key]: color })}
            error={errors[`colors.${key}`]}
          />
        ))}
      </SimpleGrid>
      <ConfigField label={t("chatConfig.design.footerText")} error={errors.footerText}>
        <Input
          name="footer_text"
          value={values.footerText}
          maxLength={500}
          onChange={(e) => set("footerText", e.target.value)}
        />
      </ConfigField>
      <ConfigField label={t("chatConfig.design.inputPlaceholder")} error={errors.inputPlaceholder}>
        <Input
          name="input_placeholder"
          value={values.inputPlaceholder}
          maxLength={200}
          placeholder={t("chatConfig.design.inputPlaceholderDefault")}
          onChange={(e) => set("inputPlaceholder", e.target.value)}
        />
      </ConfigField>
      <DesignPreview colors={values.colors} footerText={values.footerText} inputPlaceholder={values.inputPlaceholder} />
    </Stack>
  );
};
