import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { JoinedTeam } from "../../../worker/contract/teams";
import { useAcceptMutation, useLeaveMutation } from "../../api/teams";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { RoleBadge } from "./members-table";
import { useCurrentTeam } from "./use-current-team";

// The teams of others I am in or invited to: accept, refuse, leave, or work in one.
export const JoinedTeams = ({ teams }: { teams: JoinedTeam[] }) => {
  const { t } = useTranslation();
  const { teamId, ownId, switchTo } = useCurrentTeam();
  const accept = useAcceptMutation();
  const leave = useLeaveMutation();
  const [leaving, setLeaving] = useState<JoinedTeam | null>(null);
  const others = teams.filter((team) => team.tenant_id !== ownId);
  if (others.length === 0) return <Text color="fg.muted">{t("teams.noTeams")}</Text>;

  const quit = (team: JoinedTeam) =>
    leave.mutateAsync({ tenantId: team.tenant_id, userId: ownId }).then(() => {
      if (teamId === team.tenant_id) switchTo(ownId);
      notifySuccess(t("teams.left"));
      setLeaving(null);
    }, notifyError);

  return (
    <Stack gap="2">
      {others.map((team) => (
        <HStack
          key={team.tenant_id}
          borderWidth="1px"
          rounded="md"
          p="3"
          bg="app.surface"
          gap="3"
          wrap="wrap"
          data-testid="joined-team"
          data-team={team.name}
        >
          <Stack gap="0" flex="1" minW="48">
            <Text fontWeight="medium">{team.name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t("teams.owner", { name: team.nickname, email: team.email })}
            </Text>
          </Stack>
          <RoleBadge role={team.role} />
          {team.role === "invite" ? (
            <>
              <Button
                size="sm"
                colorPalette="teal"
                loading={accept.isPending}
                onClick={() =>
                  void accept.mutateAsync(team.tenant_id).then(() => notifySuccess(t("teams.accepted")), notifyError)
                }
              >
                {t("teams.accept")}
              </Button>
              <Button size="sm" variant="outline" onClick={() => void quit(team)}>
                {t("teams.refuse")}
              </Button>
            </>
          ) : (
            <>
              {teamId !== team.tenant_id && (
                <Button size="sm" variant="outline" onClick={() => switchTo(team.tenant_id)}>
                  {t("teams.workIn")}
                </Button>
              )}
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setLeaving(team)}>
                {t("teams.leave")}
              </Button>
            </>
          )}
        </HStack>
      ))}
      {leaving && (
        <ConfirmDialog
          open
          onClose={() => setLeaving(null)}
          title={t("teams.leaveTitle", { team: leaving.name })}
          body={t("teams.leaveBody")}
          confirmLabel={t("teams.leave")}
          loading={leave.isPending}
          onConfirm={() => quit(leaving)}
        />
      )}
    </Stack>
  );
};
