import { HStack, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { NAV_ITEMS, type RouteSet } from "./nav-items";

// The main navigation's links: a row in the header, a column in the narrow-screen menu.
export const NavLinks = ({
  routeSet,
  direction,
  onNavigate,
}: {
  routeSet: RouteSet;
  direction: "row" | "column";
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation();
  const List = direction === "row" ? HStack : Stack;
  return (
    <List as="ul" gap="1" listStyleType="none" align="stretch">
      {NAV_ITEMS.map(({ label, icon: Icon, ...targets }) => (
        <li key={label}>
          <Link to={targets[routeSet]} activeProps={{ "aria-current": "page" }} onClick={onNavigate}>
            {({ isActive }) => (
              <HStack
                gap="2"
                px="3"
                py={direction === "row" ? "1.5" : "2.5"}
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
    </List>
  );
};
