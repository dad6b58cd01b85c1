import { Badge, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { EvaluationRunSummary } from "./types";

const PALETTE = { queued: "gray", running: "blue", done: "green", failed: "red" } as const;

// A run's status, with a progress bar while it works.
export const RunStatus = ({ run }: { run: EvaluationRunSummary }) => {
  const { t } = useTranslation();
  const percent = Math.round(run.progress * 100);
  return (
    <Stack gap="1" minW="28">
      <HStack gap="2">
        <Badge colorPalette={PALETTE[run.status]} variant="subtle" data-testid="run-status">
          {t(`evalSets.runs.statuses.${run.status}`)}
        </Badge>
        {run.trigger === "reparse" && (
          <Text fontSize="xs" color="fg.muted">
            {t("evalSets.runs.triggers.reparse")}
          </Text>
        )}
      </HStack>
      {(run.status === "queued" || run.status === "running") && (
        <Progress.Root
          size="xs"
          colorPalette="teal"
          value={percent}
          aria-label={t("evalSets.runs.progress", { percent })}
          data-testid="run-progress"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Stack>
  );
};
