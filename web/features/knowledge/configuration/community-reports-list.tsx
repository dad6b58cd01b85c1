import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import type { CommunityReport } from "../../../../worker/contract/knowledge-graph";

// The graph's community reports (the "Community-Berichte" option): title, size and importance, summary, and the
// findings on demand.
export const CommunityReportsList = ({ reports }: { reports: CommunityReport[] }) => {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="2" as="section" aria-labelledby="community-reports-heading">
      <Heading as="h3" size="sm" id="community-reports-heading">
        {t("kbConfig.indexTask.graph.communities")} ({reports.length})
      </Heading>
      <Stack gap="2" maxH="72" overflowY="auto" data-testid="community-reports">
        {reports.map((report) => (
          <Box key={`${report.level}-${report.title}-${report.entities.join()}`} borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="semibold">{report.title}</Text>
            <Text fontSize="xs" color="fg.muted">
              {t("kbConfig.indexTask.graph.communityMeta", { count: report.entities.length, level: report.level, rating: report.rating.toLocaleString(i18n.language) })}
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
                  {report.findings.map((finding) => (
                    <li key={finding.summary + finding.explanation}>
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
