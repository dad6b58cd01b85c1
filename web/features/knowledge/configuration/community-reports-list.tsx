import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityReport } from "../../../../worker/contract/knowledge-graph";

// The graph's community reports (the "Community-Berichte" option): title, size and importance, summary, and the
// findings on demand.
export const CommunityReportsList = ({ reports }: { reports: CommunityReport[] }) => {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="2" as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId}>
        {t("kbConfig.indexTask.graph.communities")} ({reports.length})
      </Heading>
      {/* scrolls on its own: focusable so the keyboard can scroll it */}
      <Stack
        gap="2"
        maxH="72"
        overflowY="auto"
        tabIndex={0}
        aria-labelledby={headingId}
        data-testid="community-reports"
      >
        {reports.map((report, index) => (
          <Box key={`${index}-${report.title}`} borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="semibold">{report.title}</Text>
            <Text fontSize="xs" color="fg.muted">
              {t("kbConfig.indexTask.graph.communityMeta", {
                count: report.entities.length,
                level: report.level,
                rating: report.rating.toLocaleString(i18n.language),
              })}
            </Text>
            <Text fontSize="sm" mt="1">
              {report.summary}
            </Text>
            {report.findings.length > 0 && (
              <details>
                <summary>
                  <Text as="span" fontSize="sm" color="teal.fg" cursor="pointer">
                    {t("kbConfig.indexTask.graph.findings", { count: report.findings.length })}
                  </Text>
                </summary>
                <Stack as="ul" gap="1" mt="1" ps="4" fontSize="sm">
                  {report.findings.map((finding, position) => (
                    <li key={`${position}-${finding.summary}`}>
                      <Text as="span" fontWeight="medium">
                        {finding.summary}
                      </Text>
                      {finding.explanation && `: ${finding.explanation}`}
                    </li>
                  ))}
                </Stack>
              </details>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
};
