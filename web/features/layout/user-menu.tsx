import { Avatar, Button, Menu, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { LogOut, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { meQueryOptions, useLogoutMutation } from "../../api/auth";
import { PopupMenu } from "../../components/popup-menu";
import { imageSrc } from "../../lib/image-src";

// `settingsTo`: the classic settings, or the new-style /profile-setting from the new layout.
export const UserMenu = ({
  settingsTo = "/user-setting/profile",
}: {
  settingsTo?: "/user-setting/profile" | "/profile-setting/profile";
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useSuspenseQuery(meQueryOptions());
  const logout = useLogoutMutation();

  const onSelect = async (value: string) => {
    if (value === "settings") return navigate({ to: settingsTo });
    await logout.mutateAsync();
    await navigate({ to: "/login" });
  };

  return (
    <PopupMenu
      onSelect={({ value }) => void onSelect(value)}
      trigger={
        <Button variant="ghost" size="sm" aria-label={t("nav.accountMenu")} data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="teal">
            <Avatar.Fallback name={user.nickname} />
            {user.avatar && <Avatar.Image src={imageSrc(user.avatar)} alt="" />}
          </Avatar.Root>
          <Text hideBelow="2xl" maxW="32" truncate>
            {user.nickname}
          </Text>
        </Button>
      }
    >
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted">
          {user.email}
        </Menu.ItemGroupLabel>
        <Menu.Item value="settings" data-testid="menu-settings">
          <Settings size={16} />
          {t("nav.userSettings")}
        </Menu.Item>
        <Menu.Item value="logout" data-testid="menu-logout">
          <LogOut size={16} />
          {t("nav.logout")}
        </Menu.Item>
      </Menu.ItemGroup>
    </PopupMenu>
  );
};
