import { Button, Dialog, Input, Portal } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CreateDatasetSchema } from "../../../worker/contract/datasets";
import { useCreateDatasetMutation } from "../../api/datasets";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { type FieldErrors, validateForm } from "../../lib/form-errors";

export const CreateDatasetDialog = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDatasetMutation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { output, errors: found } = validateForm(CreateDatasetSchema, { name });
    setErrors(found ?? {});
    if (!output) return;
    const dataset = await create.mutateAsync({ name: output.name }).catch(notifyError);
    if (!dataset) return;
    notifySuccess(t("common.toast.created"));
    setOpen(false);
    setName("");
    await navigate({ to: "/knowledge/dataset", search: { id: dataset.id } });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button colorPalette="teal">
          <Plus /> {t("kb.create")}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
            <Dialog.Header>
              <Dialog.Title>{t("kb.createTitle")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <FormField label={t("kb.name")} error={errors.name} required>
                <Input name="name" value={name} placeholder={t("kb.namePlaceholder")} onChange={(e) => setName(e.target.value)} autoFocus />
              </FormField>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t("common.cancel")}</Button>
              </Dialog.ActionTrigger>
              <Button type="submit" colorPalette="teal" loading={create.isPending}>
                {t("common.create")}
              </Button>
            </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
