import { CloseButton, Drawer, IconButton, Portal } from "@chakra-ui/react";
import { Menu as MenuIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RouteSet } from "./nav-items";
import { NavLinks } from "./nav-links";

// Below the large breakpoint the header has no room for the links: a menu button opens them in a drawer.
export const NavMenu = ({ routeSet }: { routeSet: RouteSet }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t("nav.openMenu")} hideFrom="lg" data-testid="nav-menu">
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t("nav.mainNavigation")}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body as="nav" aria-label={t("nav.mainNavigation")} px="3">
              <NavLinks routeSet={routeSet} direction="column" onNavigate={() => setOpen(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common.close")} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
};
