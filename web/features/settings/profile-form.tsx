import { Button, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { COLOR_SCHEMAS, type Language } from "../../../worker/contract/locale";
import { UpdateProfileSchema } from "../../../worker/contract/users";
import { meQueryOptions, useUpdateProfileMutation } from "../../api/auth";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { useColorMode } from "../../components/ui/color-mode";
import { changeLanguage, UI_LANGUAGES } from "../../i18n";
import { type FieldErrors, validateForm } from "../../lib/form-errors";
import { AvatarPicker } from "./avatar-picker";
import { SectionHeader } from "./section-header";

const timeZones = () =>
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC", "Europe/Berlin"];

export const ProfileForm = () => {
  const { t } = useTranslation();
  const { data: user } = useSuspenseQuery(meQueryOptions());
  const update = useUpdateProfileMutation();
  const { setColorMode } = useColorMode();
  const zones = useMemo(() => timeZones(), []);
  const [values, setValues] = useState({
    nickname: user.nickname,
    avatar: user.avatar ?? "",
    language: user.language,
    color_schema: user.color_schema,
    timezone: user.timezone,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { output, errors: found } = validateForm(UpdateProfileSchema, values);
    setErrors(found ?? {});
    if (!output) return;
    const saved = await update.mutateAsync(values).catch(notifyError);
    if (!saved) return;
    setColorMode(saved.color_schema === "Dark" ? "dark" : "light");
    await changeLanguage(saved.language);
    notifySuccess(t("common.toast.updated"));
  };

  return (
    <form onSubmit={submit} noValidate>
      <SectionHeader title={t("settings.profile")} description={t("settings.profileDescription")} />
      <Stack gap="5" maxW="lg">
        <FormField label={t("settings.photo")}>
          <AvatarPicker
            name={values.nickname}
            value={values.avatar || null}
            onChange={(avatar) => set("avatar", avatar)}
          />
        </FormField>
        <FormField label={t("settings.username")} error={errors.nickname} required>
          <Input name="nickname" value={values.nickname} onChange={(e) => set("nickname", e.target.value)} />
        </FormField>
        <FormField label={t("settings.colorSchema")} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="color_schema"
              value={values.color_schema}
              onChange={(e) => set("color_schema", e.target.value as (typeof COLOR_SCHEMAS)[number])}
            >
              {COLOR_SCHEMAS.map((schema) => (
                <option key={schema} value={schema}>
                  {t(schema === "Dark" ? "settings.dark" : "settings.bright")}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t("settings.language")} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="language"
              value={values.language}
              onChange={(e) => set("language", e.target.value as Language)}
            >
              {/* a language without texts (set through the API) stays listed while it is the saved one */}
              {[...new Set<Language>([...UI_LANGUAGES, values.language])].map((language) => (
                <option key={language} value={language}>
                  {t(`languages.${language}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t("settings.timezone")} error={errors.timezone} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="timezone"
              value={values.timezone}
              onChange={(e) => set("timezone", e.target.value)}
            >
              {/* a saved zone the browser does not list (V8 leaves out "UTC") stays shown as itself */}
              {[...new Set([...zones, values.timezone].filter(Boolean))].map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t("settings.email")} helper={t("settings.emailReadOnly")} readOnly>
          <Input name="email" value={user.email} readOnly />
        </FormField>
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={update.isPending}>
          {t("common.save")}
        </Button>
      </Stack>
    </form>
  );
};
