import { Box, Flex, HStack, Image, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BRAND } from "../../config";
import { TeamSwitcher } from "../teams/team-switcher";
import { LanguageMenu } from "./language-menu";
import { NAV_ITEMS } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

// The newer layout: a side rail instead of the classic top navigation.
export const NextLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Flex minH="100vh">
      <Flex
        as="nav"
        aria-label={t("nav.mainNavigation")}
        direction="column"
        gap="1"
        w={{ base: "16", lg: "56" }}
        p="3"
        bg="app.surface"
        borderRightWidth="1px"
      >
        <Link to="/home" aria-label={BRAND.name}>
          <HStack gap="2" mb="4" px="1">
            <Image src="/logo.svg" alt="" boxSize="8" />
            <Text fontWeight="bold" hideBelow="lg">
              {BRAND.name}
            </Text>
          </HStack>
        </Link>
        {NAV_ITEMS.map(({ next, label, icon: Icon }) => (
          <Link key={next} to={next}>
            {({ isActive }) => (
              <HStack
                px="2"
                py="2"
                rounded="md"
                fontSize="sm"
                color={isActive ? "brand.fg" : "fg.muted"}
                bg={isActive ? "brand.subtle" : undefined}
                _hover={{ bg: "bg.muted" }}
                title={t(label)}
              >
                <Icon size={18} aria-hidden />
                <Text hideBelow="lg">{t(label)}</Text>
              </HStack>
            )}
          </Link>
        ))}
      </Flex>
      <Flex direction="column" flex="1" minW="0">
        <HStack justify="flex-end" gap="1" px="4" h="14" borderBottomWidth="1px" bg="app.surface">
          <TeamSwitcher />
          <LanguageMenu />
          <ThemeToggle />
          <UserMenu settingsTo="/profile-setting/profile" />
        </HStack>
        <Box as="main" flex="1">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
};
