import { Button, Center, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { Ban, Gauge, Link2Off, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ApiError, ErrorCode } from "../../api/client";
import { errorMessage } from "../../components/notify";

export type ShareProblem = "invalid" | "forbidden" | "limit" | "other";

// 401: unknown or revoked token, 403: another chat or a site the link does not allow, 429: a rate or daily limit.
export const shareProblemOf = (error: unknown): ShareProblem => {
  if (!(error instanceof ApiError)) return "other";
  if (error.status === 401 || error.code === ErrorCode.authentication) return "invalid";
  if (error.status === 403 || error.code === 403) return "forbidden";
  if (error.status === 429 || error.code === ErrorCode.tooManyRequests) return "limit";
  return "other";
};

const ICONS = { invalid: Link2Off, forbidden: Ban, limit: Gauge, other: TriangleAlert };

// The whole page when the shared chat cannot be opened: what happened, in the visitor's language.
export const ShareProblemScreen = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation();
  const problem = error === null ? "invalid" : shareProblemOf(error);
  const ProblemIcon = ICONS[problem];
  // the limit's own words say which limit and when it resets
  const detail = problem === "limit" || problem === "other" ? errorMessage(error) : null;
  return (
    <Center minH="100dvh" p="6" bg="app.bg">
      <Stack
        role="alert"
        align="center"
        textAlign="center"
        gap="3"
        maxW="md"
        data-testid="share-problem"
        data-problem={problem}
      >
        <Icon boxSize="10" color={problem === "limit" ? "fg.warning" : "fg.error"} aria-hidden>
          <ProblemIcon />
        </Icon>
        <Heading as="h1" size="lg">
          {t(`share.problem.${problem}.title`)}
        </Heading>
        <Text color="fg.muted">{t(`share.problem.${problem}.body`)}</Text>
        {detail && (
          <Text fontSize="sm" borderWidth="1px" rounded="md" px="3" py="2" bg="bg.muted">
            {detail}
          </Text>
        )}
        {onRetry && problem !== "invalid" && problem !== "forbidden" && (
          <Button variant="outline" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        )}
      </Stack>
    </Center>
  );
};
