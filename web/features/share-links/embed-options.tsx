import { Field, NativeSelect, SimpleGrid, Switch } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

export type EmbedOptions = { locale: "" | "de" | "en"; theme: "light" | "dark"; visibleAvatar: boolean };

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = { locale: "", theme: "light", visibleAvatar: true };

// How the shared page looks in every embed: language, theme and the assistant's avatar.
export const EmbedOptionsFields = ({
  value,
  onChange,
}: {
  value: EmbedOptions;
  onChange(value: EmbedOptions): void;
}) => {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" alignItems="end">
      <Field.Root>
        <Field.Label>{t("share.embed.locale")}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            name="locale"
            value={value.locale}
            onChange={(e) => onChange({ ...value, locale: e.target.value as EmbedOptions["locale"] })}
          >
            <option value="">{t("share.embed.localeAssistant")}</option>
            <option value="de">Deutsch</option>
            <option value="en">English</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t("share.embed.theme")}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            name="theme"
            value={value.theme}
            onChange={(e) => onChange({ ...value, theme: e.target.value as EmbedOptions["theme"] })}
          >
            <option value="light">{t("share.embed.themeLight")}</option>
            <option value="dark">{t("share.embed.themeDark")}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Switch.Root
        name="visible_avatar"
        checked={value.visibleAvatar}
        onCheckedChange={(e) => onChange({ ...value, visibleAvatar: e.checked })}
        colorPalette="teal"
        pb="2"
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t("share.embed.visibleAvatar")}</Switch.Label>
      </Switch.Root>
    </SimpleGrid>
  );
};
