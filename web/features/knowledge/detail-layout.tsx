import { Box, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, Outlet } from "@tanstack/react-router";
import { FileText, FlaskConical, History, Settings2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { datasetQueryOptions } from "../../api/datasets";
import { formatCount } from "../../lib/format";
import { DatasetAvatar } from "./dataset-avatar";
import { useDatasetId } from "./use-dataset-id";

const TABS = {
  classic: [
    { to: "/knowledge/dataset", label: "kb.tabDataset", icon: FileText },
    { to: "/knowledge/testing", label: "kb.tabTesting", icon: FlaskConical },
    { to: "/knowledge/log", label: "kb.tabLogs", icon: History },
    { to: "/knowledge/configuration", label: "kb.tabConfiguration", icon: Settings2 },
  ],
  next: [
    { to: "/dataset/dataset", label: "kb.tabDataset", icon: FileText },
    { to: "/dataset/testing", label: "kb.tabTesting", icon: FlaskConical },
    { to: "/dataset/overview", label: "kb.tabLogs", icon: History },
    { to: "/dataset/setting", label: "kb.tabConfiguration", icon: Settings2 },
  ],
} as const;

// The classic /knowledge/* pages and the new-style /dataset/* pages share this frame.
export const KnowledgeDetailLayout = ({ variant = "classic" }: { variant?: keyof typeof TABS }) => {
  const { t } = useTranslation();
  const id = useDatasetId();
  const { data: dataset } = useSuspenseQuery(datasetQueryOptions(id));
  return (
    <Flex direction={{ base: "column", md: "row" }} minH="calc(100vh - 3.5rem)" data-variant={variant}>
      <Box
        as="aside"
        w={{ md: "64" }}
        flexShrink="0"
        p="4"
        bg="app.surface"
        borderRightWidth={{ md: "1px" }}
        borderBottomWidth={{ base: "1px", md: "0" }}
      >
        {/* stays in view under the sticky header while a long page (the configuration) scrolls */}
        <Stack gap="4" position={{ md: "sticky" }} top={{ md: "calc(3.5rem + 1rem)" }} data-testid="kb-side">
          <HStack gap="3">
            <DatasetAvatar name={dataset.name} avatar={dataset.avatar} />
            <Box minW="0">
              <Text fontWeight="semibold" truncate title={dataset.name} data-testid="kb-title">
                {dataset.name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {t("kb.documentCount", {
                  count: dataset.document_count,
                  formatted: formatCount(dataset.document_count),
                })}
              </Text>
            </Box>
          </HStack>
          {dataset.description && (
            <Text fontSize="sm" color="fg.muted" lineClamp={3}>
              {dataset.description}
            </Text>
          )}
          <Stack
            as="nav"
            aria-label={t("kb.sections")}
            gap="1"
            direction={{ base: "row", md: "column" }}
            wrap={{ base: "wrap", md: "nowrap" }}
          >
            {TABS[variant].map(({ to, label, icon: Icon }) => (
              <Link key={to} to={to} search={{ id }}>
                {({ isActive }) => (
                  <HStack
                    px="3"
                    py="2"
                    rounded="md"
                    fontSize="sm"
                    aria-current={isActive ? "page" : undefined}
                    color={isActive ? "brand.fg" : "fg"}
                    bg={isActive ? "brand.subtle" : undefined}
                    fontWeight={isActive ? "semibold" : "normal"}
                    _hover={{ bg: "bg.muted" }}
                  >
                    <Icon size={16} aria-hidden />
                    <span>{t(label)}</span>
                  </HStack>
                )}
              </Link>
            ))}
          </Stack>
        </Stack>
      </Box>
      <Box flex="1" minW="0" p={{ base: "4", md: "6" }}>
        <Outlet />
      </Box>
    </Flex>
  );
};
