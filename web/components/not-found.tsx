import { Button, Heading, Text, VStack } from "@chakra-ui/react";
import { Link, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

export const NotFound = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <VStack minH="100vh" justify="center" gap="4" p="8" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="brand.fg">
        404
      </Text>
      <Heading as="h1" size="xl">
        {t("common.notFoundTitle")}
      </Heading>
      <Text color="fg.muted">{t("common.notFoundBody", { path: pathname })}</Text>
      <Button asChild colorPalette="teal">
        <Link to="/">{t("common.goHome")}</Link>
      </Button>
    </VStack>
  );
};
