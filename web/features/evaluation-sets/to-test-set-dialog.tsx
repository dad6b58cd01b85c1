import { NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { evaluationSetsQueryOptions, useFromTrafficMutation } from "../../api/evaluation-sets";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { RouteErrorMessage } from "../../components/route-error";

// A real question becomes a test question: a feedback row (with its cited chunks) or an unanswered question.
type Source = { feedbackId: string; question: string } | { unansweredQuestion: string; question: string };

type Props = { source: Source; onClose(): void };

export const ToTestSetDialog = ({ source, onClose }: Props) => {
  const { t } = useTranslation();
  const sets = useQuery(evaluationSetsQueryOptions(1, "", 100));
  const take = useFromTrafficMutation();
  const [setId, setSetId] = useState("");
  const [missing, setMissing] = useState(false);
  const items = sets.data?.items ?? [];

  const submit = async () => {
    setMissing(!setId);
    if (!setId) return;
    const input =
      "feedbackId" in source ? { feedback_id: source.feedbackId } : { unanswered_question: source.unansweredQuestion };
    const added = await take.mutateAsync({ setId, input }).catch(notifyError);
    if (!added) return;
    notifySuccess(t("evalSets.fromTraffic.done", { name: items.find((set) => set.id === setId)?.name ?? "" }));
    onClose();
  };

  return (
    <FormDialog
      title={t("evalSets.fromTraffic.title")}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("evalSets.fromTraffic.action")}
      submitDisabled={items.length === 0}
    >
      <Stack gap="4">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {source.question}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t("feedbackId" in source ? "evalSets.fromTraffic.hintFeedback" : "evalSets.fromTraffic.hintUnanswered")}
        </Text>
        {sets.isError ? (
          <RouteErrorMessage error={sets.error} onRetry={() => void sets.refetch()} />
        ) : sets.data && items.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t("evalSets.fromTraffic.noSets")}
          </Text>
        ) : (
          <FormField
            label={t("evalSets.fromTraffic.set")}
            required
            error={missing ? "evalSets.fromTraffic.setRequired" : undefined}
          >
            <NativeSelect.Root size="sm">
              <NativeSelect.Field name="set_id" value={setId} onChange={(e) => setSetId(e.currentTarget.value)}>
                <option value="">–</option>
                {items.map((set) => (
                  <option key={set.id} value={set.id}>
                    {set.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
      </Stack>
    </FormDialog>
  );
};
