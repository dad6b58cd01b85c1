import { Button, Input } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CreateDatasetSchema } from "../../../worker/contract/datasets";
import { useCreateDatasetMutation } from "../../api/datasets";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { type FieldErrors, validateForm } from "../../lib/form-errors";
import type { DetailPath } from "./dataset-card";

const FLAGS_OFF = { raptor: { use_raptor: false }, graphrag: { use_graphrag: false } };

// Opens the new base where the list that offers it opens bases (classic or new-style detail page).
export const CreateDatasetDialog = ({
  detailTo = "/knowledge/dataset",
  label,
}: {
  detailTo?: DetailPath;
  label?: string;
}) => {
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
    // the API's defaults (RAGFlow's) switch RAPTOR and the knowledge graph on; a new dataset here starts with both
    // off until its configuration turns them on
    const dataset = await create.mutateAsync({ name: output.name, parser_config: FLAGS_OFF }).catch(notifyError);
    if (!dataset) return;
    // a taken name gets "(1)" on the server, as in RAGFlow: say so
    notifySuccess(
      dataset.name === output.name
        ? t("common.toast.created")
        : t("kb.createdAs", { name: dataset.name, requested: output.name }),
    );
    setOpen(false);
    setName("");
    await navigate({ to: detailTo, search: { id: dataset.id } });
  };

  return (
    <>
      <Button colorPalette="teal" onClick={() => setOpen(true)}>
        <Plus /> {label ?? t("kb.create")}
      </Button>
      {open && (
        <FormDialog
          title={t("kb.createTitle")}
          onSubmit={submit}
          onClose={() => setOpen(false)}
          loading={create.isPending}
          submitLabel={t("common.create")}
        >
          <FormField label={t("kb.name")} error={errors.name} required>
            <Input
              name="name"
              value={name}
              placeholder={t("kb.namePlaceholder")}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
          </FormField>
        </FormDialog>
      )}
    </>
  );
};
