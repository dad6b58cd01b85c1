import { Checkbox, Fieldset, Input, Stack, Textarea } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { useSaveSetMutation } from "../../api/evaluation-sets";
import { CheckListBox } from "../../components/check-list-box";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { NumberSlider } from "../../components/number-slider";
import { SettingSwitch } from "../../components/setting-switch";
import type { EvaluationSet } from "./types";

type Props = { set?: EvaluationSet; onClose(): void; onSaved?(set: EvaluationSet): void };

// Create a test set, or edit one: name, description, its knowledge bases, the re-parse check and the alert margin.
export const SetDialog = ({ set, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const datasets = useQuery(allDatasetsQueryOptions());
  const save = useSaveSetMutation();
  const [name, setName] = useState(set?.name ?? "");
  const [description, setDescription] = useState(set?.description ?? "");
  const [datasetIds, setDatasetIds] = useState<string[]>(set?.dataset_ids ?? []);
  const [schedule, setSchedule] = useState(set?.schedule_after_reparse ?? false);
  const [margin, setMargin] = useState(set?.alert_margin ?? 0.05);
  const [errors, setErrors] = useState<{ name?: boolean; bases?: boolean }>({});
  const list = datasets.data?.datasets ?? [];

  const submit = async () => {
    const next = { name: !name.trim(), bases: datasetIds.length === 0 };
    setErrors(next);
    if (next.name || next.bases) return;
    const saved = await save
      .mutateAsync({
        id: set?.id,
        input: {
          name: name.trim(),
          description: description.trim(),
          dataset_ids: datasetIds,
          schedule_after_reparse: schedule,
          alert_margin: margin,
        },
      })
      .catch(notifyError);
    if (!saved) return;
    notifySuccess(t("evalSets.saved"));
    onSaved?.(saved);
    onClose();
  };

  return (
    <FormDialog title={t(set ? "evalSets.edit" : "evalSets.create")} onSubmit={submit} onClose={onClose} size="lg">
      <Stack gap="5">
        <FormField
          label={t("evalSets.form.name")}
          required
          error={errors.name ? "evalSets.form.nameRequired" : undefined}
        >
          <Input name="name" maxLength={128} value={name} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label={t("evalSets.form.description")}>
          <Textarea
            name="description"
            rows={2}
            maxLength={1000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormField>
        <Fieldset.Root invalid={errors.bases}>
          <Fieldset.Legend fontWeight="medium">{t("evalSets.form.bases")}</Fieldset.Legend>
          <Fieldset.HelperText>{t("evalSets.form.basesHint")}</Fieldset.HelperText>
          <CheckListBox
            query={datasets}
            skeletonHeight="20"
            empty={list.length === 0}
            emptyText={t("evalSets.form.basesEmpty")}
            label={t("evalSets.form.bases")}
          >
            {list.map((dataset) => (
              <Checkbox.Root
                key={dataset.id}
                name="dataset_ids"
                value={dataset.id}
                size="sm"
                colorPalette="teal"
                checked={datasetIds.includes(dataset.id)}
                onCheckedChange={(e) =>
                  setDatasetIds((ids) =>
                    e.checked === true ? [...ids, dataset.id] : ids.filter((id) => id !== dataset.id),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{dataset.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </CheckListBox>
          {errors.bases && <Fieldset.ErrorText>{t("evalSets.form.basesRequired")}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <SettingSwitch
          name="schedule_after_reparse"
          label={t("evalSets.form.schedule")}
          hint={t("evalSets.form.scheduleHint")}
          checked={schedule}
          onChange={setSchedule}
        />
        <NumberSlider
          name="alert_margin"
          label={t("evalSets.form.margin")}
          inputLabel={t("evalSets.form.marginValue")}
          value={margin}
          onChange={setMargin}
          min={0}
          max={1}
          step={0.01}
          helper={t("evalSets.form.marginHint")}
        />
      </Stack>
    </FormDialog>
  );
};
