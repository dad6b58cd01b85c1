import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CreateEmptyDocumentSchema } from "../../../worker/contract/documents";
import { useCreateEmptyDocumentMutation } from "../../api/documents";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { type FieldErrors, validateForm } from "../../lib/form-errors";

export const EmptyFileTab = ({ datasetId, onDone }: { datasetId: string; onDone: () => void }) => {
  const { t } = useTranslation();
  const create = useCreateEmptyDocumentMutation(datasetId);
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { output, errors: found } = validateForm(CreateEmptyDocumentSchema, { name });
    setErrors(found ?? {});
    if (!output) return;
    const created = await create.mutateAsync(output.name).catch(notifyError);
    if (!created) return;
    notifySuccess(t("common.toast.created"));
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t("upload.emptyHint")}
        </Text>
        <FormField label={t("upload.emptyName")} error={errors.name} required>
          <Input name="emptyName" value={name} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <Button type="submit" alignSelf="end" colorPalette="teal" loading={create.isPending}>
          {t("common.create")}
        </Button>
      </Stack>
    </form>
  );
};
