import { Box, Flex, Heading, Stack } from "@chakra-ui/react";
import { Link, Outlet } from "@tanstack/react-router";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";

type Section = { to: string; label: ParseKeys };

const SECTIONS: Record<"/user-setting" | "/profile-setting", Section[]> = {
  "/user-setting": [
    { to: "/user-setting/profile", label: "settings.profile" },
    { to: "/user-setting/locale", label: "settings.locale" },
    { to: "/user-setting/password", label: "settings.password" },
    { to: "/user-setting/model", label: "settings.model" },
    { to: "/user-setting/team", label: "settings.team" },
    { to: "/user-setting/system", label: "settings.system" },
    { to: "/user-setting/api", label: "settings.api" },
  ],
  "/profile-setting": [
    { to: "/profile-setting/profile", label: "pages.profile" },
    { to: "/profile-setting/team", label: "pages.team" },
    { to: "/profile-setting/plan", label: "pages.plan" },
    { to: "/profile-setting/model", label: "pages.model" },
    { to: "/profile-setting/prompt", label: "pages.prompt" },
  ],
};

export const SettingsLayout = ({ base }: { base: keyof typeof SECTIONS }) => {
  const { t } = useTranslation();
  return (
    <Flex direction={{ base: "column", md: "row" }} gap="6" p={{ base: "4", md: "8" }} maxW="6xl" mx="auto">
      <Box as="nav" aria-label={t("settings.title")} w={{ md: "56" }} flexShrink="0">
        <Heading as="h2" size="sm" mb="3" color="fg.muted">
          {t("settings.title")}
        </Heading>
        <Stack as="ul" gap="1" listStyleType="none" direction={{ base: "row", md: "column" }} overflowX="auto">
          {SECTIONS[base].map((section) => (
            <li key={section.to}>
              <Link to={section.to}>
                {({ isActive }) => (
                  <Box
                    px="3"
                    py="2"
                    rounded="md"
                    fontSize="sm"
                    whiteSpace="nowrap"
                    aria-current={isActive ? "page" : undefined}
                    fontWeight={isActive ? "semibold" : "normal"}
                    color={isActive ? "brand.fg" : "fg"}
                    bg={isActive ? "brand.subtle" : undefined}
                    _hover={{ bg: "bg.muted" }}
                  >
                    {t(section.label)}
                  </Box>
                )}
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <Box flex="1" minW="0" bg="app.surface" borderWidth="1px" rounded="lg" p={{ base: "4", md: "6" }}>
        <Outlet />
      </Box>
    </Flex>
  );
};
