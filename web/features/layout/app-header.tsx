import { Box, Flex, HStack, Image, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BRAND } from "../../config";
import { TeamSwitcher } from "../teams/team-switcher";
import { LanguageMenu } from "./language-menu";
import { NAV_ITEMS } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

export const AppHeader = () => {
  const { t } = useTranslation();
  return (
    <Flex
      as="header"
      align="center"
      gap="4"
      px="4"
      h="14"
      bg="app.surface"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Link to="/knowledge" aria-label={BRAND.name}>
        <HStack gap="2">
          <Image src="/logo.svg" alt="" boxSize="8" />
          <Text fontWeight="bold" fontSize="lg" hideBelow="sm">
            {BRAND.name}
          </Text>
        </HStack>
      </Link>
      <Box as="nav" aria-label={t("nav.mainNavigation")} flex="1" overflowX="auto">
        <HStack as="ul" gap="1" listStyleType="none">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} activeProps={{ "aria-current": "page" }}>
                {({ isActive }) => (
                  <HStack
                    gap="1.5"
                    px="3"
                    py="1.5"
                    rounded="md"
                    fontSize="sm"
                    whiteSpace="nowrap"
                    fontWeight={isActive ? "semibold" : "medium"}
                    color={isActive ? "brand.fg" : "fg.muted"}
                    bg={isActive ? "brand.subtle" : undefined}
                    _hover={{ bg: "bg.muted", color: "fg" }}
                  >
                    <Icon size={16} aria-hidden />
                    <span>{t(label)}</span>
                  </HStack>
                )}
              </Link>
            </li>
          ))}
        </HStack>
      </Box>
      <HStack gap="1">
        <TeamSwitcher />
        <LanguageMenu />
        <ThemeToggle />
        <UserMenu />
      </HStack>
    </Flex>
  );
};
