import { NativeSelect, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { chatsQueryOptions } from "../../api/chats";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { useApplyRunMutation } from "../../api/evaluation-sets";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import type { EvaluationRunSummary, EvaluationSet } from "./types";

type Props = { run: EvaluationRunSummary; runLabel: string; set: EvaluationSet; onClose(): void };

// "Apply the better settings": the run's retrieval settings go to an assistant or one of the set's bases, after the
// user has seen what changes and confirmed.
export const ApplyDialog = ({ run, runLabel, set, onClose }: Props) => {
  const { t } = useTranslation();
  const chats = useQuery(chatsQueryOptions());
  const datasets = useQuery(allDatasetsQueryOptions());
  const apply = useApplyRunMutation();
  const [kind, setKind] = useState<"chat" | "dataset">("chat");
  const [chatId, setChatId] = useState(run.settings.chat_id ?? "");
  const [datasetId, setDatasetId] = useState(set.dataset_ids[0] ?? "");
  const [missing, setMissing] = useState(false);
  const bases = (datasets.data?.datasets ?? []).filter((dataset) => set.dataset_ids.includes(dataset.id));

  const submit = async () => {
    const id = kind === "chat" ? chatId : datasetId;
    setMissing(!id);
    if (!id) return;
    const done = await apply
      .mutateAsync({
        runId: run.id,
        target: kind === "chat" ? { target: "chat", chat_id: id } : { target: "dataset", dataset_id: id },
      })
      .catch(notifyError);
    if (!done) return;
    notifySuccess(t("evalSets.compare.applied"));
    onClose();
  };

  return (
    <FormDialog
      title={t("evalSets.compare.applyTitle", { label: runLabel })}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("evalSets.compare.applyConfirm")}
    >
      <Stack gap="4">
        <Text fontSize="sm">{t("evalSets.compare.applyBody")}</Text>
        <RadioGroup.Root
          value={kind}
          onValueChange={(e) => setKind(e.value === "dataset" ? "dataset" : "chat")}
          colorPalette="teal"
          size="sm"
          aria-label={t("evalSets.compare.target")}
        >
          <Stack direction="row" gap="4">
            {(["chat", "dataset"] as const).map((value) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {t(value === "chat" ? "evalSets.compare.targetChat" : "evalSets.compare.targetDataset")}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        <FormField
          label={t(kind === "chat" ? "evalSets.compare.chooseChat" : "evalSets.compare.chooseDataset")}
          required
          error={missing ? "evalSets.compare.targetRequired" : undefined}
        >
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              name={kind === "chat" ? "chat_id" : "dataset_id"}
              value={kind === "chat" ? chatId : datasetId}
              onChange={(e) =>
                kind === "chat" ? setChatId(e.currentTarget.value) : setDatasetId(e.currentTarget.value)
              }
            >
              <option value="">–</option>
              {kind === "chat"
                ? (chats.data ?? []).map((chat) => (
                    <option key={chat.id} value={chat.id}>
                      {chat.name}
                    </option>
                  ))
                : bases.map((dataset) => (
                    <option key={dataset.id} value={dataset.id}>
                      {dataset.name}
                    </option>
                  ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Stack>
    </FormDialog>
  );
};
