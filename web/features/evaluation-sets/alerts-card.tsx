import { Alert, Link, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { alertsQueryOptions } from "../../api/evaluation-sets";
import { formatMetric } from "./metrics";

// The home page's quality alerts: a test set whose latest run dropped beyond its margin. Nothing shows without
// alerts, and a failed request stays quiet (the home page is not the place to debug test sets).
export const EvaluationAlerts = () => {
  const { t } = useTranslation();
  const alerts = useQuery(alertsQueryOptions());
  if (!alerts.data?.length) return null;
  return (
    <Stack as="section" aria-label={t("evalSets.alerts.title")} gap="2">
      {alerts.data.map((alert) => (
        <Alert.Root key={alert.run_id} status="warning" data-testid="evaluation-alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t("evalSets.alerts.drop", {
                name: alert.set_name,
                previous: formatMetric(alert.previous),
                current: formatMetric(alert.current),
                drop: formatMetric(alert.drop),
              })}
            </Alert.Title>
            <Alert.Description>
              <Link asChild colorPalette="teal" fontWeight="medium">
                <RouterLink
                  to="/test-sets/$setId"
                  params={{ setId: alert.set_id }}
                  search={{ view: "compare", a: alert.previous_run_id, b: alert.run_id }}
                >
                  {t("evalSets.alerts.open")}
                </RouterLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
};
