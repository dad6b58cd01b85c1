import { Box, Flex, HStack, Image, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BRAND } from "../../config";
import { TeamSwitcher } from "../teams/team-switcher";
import { LanguageMenu } from "./language-menu";
import { NAV_ITEMS, type RouteSet, SETTINGS_PAGE } from "./nav-items";
import { NavLinks } from "./nav-links";
import { NavMenu } from "./nav-menu";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

// The frame of every signed-in page, in both route sets: the same header, the same links in the same order.
export const AppShell = ({ routeSet, children }: { routeSet: RouteSet; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100vh">
      <Flex
        as="header"
        align="center"
        gap={{ base: "2", md: "4" }}
        px={{ base: "2", md: "4" }}
        h="14"
        bg="app.surface"
        borderBottomWidth="1px"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <NavMenu routeSet={routeSet} />
        <Link to={NAV_ITEMS[0][routeSet]} aria-label={BRAND.name}>
          <HStack gap="2">
            <Image src="/logo.svg" alt="" boxSize="8" />
            <Text fontWeight="bold" fontSize="lg" hideBelow="sm">
              {BRAND.name}
            </Text>
          </HStack>
        </Link>
        <Box as="nav" aria-label={t("nav.mainNavigation")} flex="1" minW="0" overflowX="auto" hideBelow="lg">
          <NavLinks routeSet={routeSet} direction="row" />
        </Box>
        <HStack gap="1" ms="auto" minW="0">
          <TeamSwitcher />
          <LanguageMenu />
          <ThemeToggle />
          <UserMenu settingsTo={SETTINGS_PAGE[routeSet]} />
        </HStack>
      </Flex>
      <Box as="main" flex="1" minW="0">
        {children}
      </Box>
    </Flex>
  );
};
