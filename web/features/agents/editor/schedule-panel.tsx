import { Button, HStack, Input, Stack, Switch, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EditorSidePanel } from "./side-panel";
import { parseCron } from "../../../../worker/contract/cron";
import { type AgentSchedule, agentScheduleQueryOptions, useSaveScheduleMutation } from "../../../api/agent-triggers";
import { FormField } from "../../../components/form-field";
import { notifyError, notifySuccess } from "../../../components/notify";
import { formatDateTime } from "../../../lib/format";

type Props = { agentId: string; readOnly: boolean; onClose: () => void };

// The flow's schedule: a cron expression (checked as it is typed), the question each run gets, on or off.
export const SchedulePanel = ({ agentId, readOnly, onClose }: Props) => {
  const query = useQuery(agentScheduleQueryOptions(agentId));
  if (query.data === undefined) return null;
  // a saved or removed schedule starts the form afresh
  return (
    <ScheduleForm
      key={query.dataUpdatedAt}
      agentId={agentId}
      schedule={query.data}
      readOnly={readOnly}
      onClose={onClose}
    />
  );
};

const ScheduleForm = ({ agentId, schedule, readOnly, onClose }: Props & { schedule: AgentSchedule | null }) => {
  const { t } = useTranslation();
  const save = useSaveScheduleMutation(agentId);
  const [draft, setDraft] = useState(() =>
    schedule
      ? { cron: schedule.cron, question: schedule.question, enabled: schedule.enabled }
      : { cron: "0 7 * * 1-5", question: "", enabled: true },
  );
  const parsed = parseCron(draft.cron);
  const problem = typeof parsed === "string" ? parsed : null;
  const submit = async (input: typeof draft | null) => {
    try {
      await save.mutateAsync(input);
      notifySuccess(t("agentTriggers.schedule.saved"));
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <EditorSidePanel
      title={t("agentTriggers.schedule.title")}
      icon={<CalendarClock size={16} />}
      onClose={onClose}
      testId="schedule-panel"
    >
      <Switch.Root
        colorPalette="teal"
        checked={draft.enabled}
        onCheckedChange={(e) => setDraft({ ...draft, enabled: e.checked })}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t("agentTriggers.schedule.enabled")}</Switch.Label>
      </Switch.Root>
      <Stack gap="1">
        <FormField label={t("agentTriggers.schedule.cron")} helper={t("agentTriggers.schedule.cronHint")}>
          <Input
            fontFamily="mono"
            value={draft.cron}
            aria-invalid={problem !== null}
            onChange={(e) => setDraft({ ...draft, cron: e.target.value })}
          />
        </FormField>
        {problem && (
          <Text fontSize="sm" color="fg.error" data-testid="cron-error">
            {t("agentTriggers.schedule.invalid")}: {problem}
          </Text>
        )}
      </Stack>
      <FormField label={t("agentTriggers.schedule.question")}>
        <Input value={draft.question} onChange={(e) => setDraft({ ...draft, question: e.target.value })} />
      </FormField>
      <Text fontSize="sm" color="fg.muted">
        {schedule?.last_run_time
          ? t("agentTriggers.schedule.lastRun", { date: formatDateTime(schedule.last_run_time) })
          : t("agentTriggers.schedule.never")}
        {schedule?.last_error ? ` · ${schedule.last_error}` : ""}
      </Text>
      {!readOnly && (
        <HStack>
          <Button
            size="sm"
            colorPalette="teal"
            disabled={problem !== null}
            loading={save.isPending}
            onClick={() => void submit(draft)}
          >
            {t("agentTriggers.schedule.save")}
          </Button>
          {schedule && (
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void submit(null)}>
              {t("agentTriggers.schedule.remove")}
            </Button>
          )}
        </HStack>
      )}
    </EditorSidePanel>
  );
};
