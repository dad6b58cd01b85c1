import { Button, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { FileJson } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CredentialFieldView } from "../../api/models";
import { FormField } from "../../components/form-field";
import { modelsDe } from "../../i18n/locales/models.de";
import { type AddModelErrors, credentialErrorKey } from "./add-model-form";

type KnownCredential = keyof typeof modelsDe.credentials;

// Keys a newer server adds show under their own name until they are translated.
const isKnown = (key: string): key is KnownCredential => Object.hasOwn(modelsDe.credentials, key);

type InputProps = { name: string; value: string; onChange: (value: string) => void };

// A service account key: pasted into the text area or read from the chosen .json file.
const ServiceAccountInput = ({ name, value, onChange }: InputProps) => {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState(false);

  const read = async (file: File | undefined) => {
    if (!file) return;
    try {
      onChange(await file.text());
      setUnreadable(false);
    } catch {
      setUnreadable(true);
    }
  };

  return (
    <Stack gap="2" w="full">
      <Textarea
        name={name}
        value={value}
        rows={5}
        fontFamily="mono"
        fontSize="xs"
        spellCheck={false}
        autoComplete="off"
        placeholder='{ "type": "service_account", … }'
        onChange={(e) => onChange(e.target.value)}
      />
      <input
        ref={picker}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={t("models.form.serviceAccountFileLabel")}
        onChange={(e) => {
          void read(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => picker.current?.click()}>
        <FileJson /> {t("models.form.serviceAccountFile")}
      </Button>
      {unreadable && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t("models.form.serviceAccountFileUnreadable")}
        </Text>
      )}
    </Stack>
  );
};

type FieldProps = {
  field: CredentialFieldView;
  value: string;
  error: AddModelErrors[keyof AddModelErrors];
  onChange: (value: string) => void;
};

const CredentialField = ({ field, value, error, onChange }: FieldProps) => {
  const { t } = useTranslation();
  const known = isKnown(field.key) ? field.key : null;
  const name = `credentials.${field.key}`;
  return (
    <FormField
      label={known ? t(`models.credentials.${known}.label`) : field.key}
      helper={
        known
          ? t(`models.credentials.${known}.hint`)
          : field.secret
            ? t("models.form.credentialSecretStored")
            : undefined
      }
      error={error}
      required={field.required}
    >
      {field.json ? (
        <ServiceAccountInput name={name} value={value} onChange={onChange} />
      ) : (
        <Input
          name={name}
          type={field.secret ? "password" : "text"}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={field.example || field.default}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
};

type Props = {
  fields: CredentialFieldView[];
  values: Record<string, string>;
  errors: AddModelErrors;
  onChange: (key: string, value: string) => void;
};

// The provider-specific fields of the add dialog (access keys, region, project, service account key, …).
export const CredentialFields = ({ fields, values, errors, onChange }: Props) =>
  fields.map((field) => (
    <CredentialField
      key={field.key}
      field={field}
      value={values[field.key] ?? ""}
      error={errors[credentialErrorKey(field.key)]}
      onChange={(value) => onChange(field.key, value)}
    />
  ));
