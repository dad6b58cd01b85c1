import { Button, EmptyState, VStack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Hammer } from "lucide-react";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";

// A translated, navigable state for screens that later issues fill in.
export const ComingSoon = ({ titleKey }: { titleKey: ParseKeys }) => {
  const { t } = useTranslation();
  return (
    <EmptyState.Root py="16" data-testid="coming-soon">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">
          <Hammer />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="xl">
            {t("common.comingTitle", { page: t(titleKey) })}
          </EmptyState.Title>
          <EmptyState.Description maxW="md">{t("common.comingBody")}</EmptyState.Description>
        </VStack>
        <Button asChild variant="outline">
          <Link to="/knowledge">{t("common.comingBack")}</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
};
