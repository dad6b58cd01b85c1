import { Button, Menu, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Check, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { joinedTeamsQueryOptions } from "../../api/teams";
import { PopupMenu } from "../../components/popup-menu";
import { useCurrentTeam } from "./use-current-team";

// Shown once the user belongs to a second team: every list follows the team chosen here.
export const TeamSwitcher = () => {
  const { t } = useTranslation();
  const { teamId, ownId, switchTo } = useCurrentTeam();
  const teams = (useQuery(joinedTeamsQueryOptions()).data ?? []).filter((team) => team.role !== "invite");
  if (teams.length < 2) return null;
  const current = teams.find((team) => team.tenant_id === teamId);
  const label = (team: (typeof teams)[number]) => (team.tenant_id === ownId ? t("teams.own") : team.name);
  return (
    <PopupMenu
      onSelect={({ value }) => switchTo(value)}
      positioning={{ placement: "bottom-end" }}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("teams.current", { team: current ? label(current) : "" })}
          data-testid="team-switcher"
        >
          <Users />
          <Text hideBelow="md" maxW="40" truncate>
            {current ? label(current) : t("teams.switcher")}
          </Text>
        </Button>
      }
    >
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel>{t("teams.switcher")}</Menu.ItemGroupLabel>
        {teams.map((team) => (
          <Menu.Item key={team.tenant_id} value={team.tenant_id}>
            {team.tenant_id === teamId ? <Check size={14} /> : <span style={{ width: 14 }} />}
            {label(team)} · {t(`teams.roles.${team.role}`)}
          </Menu.Item>
        ))}
      </Menu.ItemGroup>
    </PopupMenu>
  );
};
