import { Box, Button, Heading, HStack, List, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TEAM_ROLES } from "../../../worker/contract/teams";
import { joinedTeamsQueryOptions, membersQueryOptions } from "../../api/teams";
import { RouteErrorMessage } from "../../components/route-error";
import { InviteDialog } from "./invite-dialog";
import { JoinedTeams } from "./joined-teams";
import { MembersTable } from "./members-table";
import { useCurrentTeam } from "./use-current-team";

export const TeamPage = () => {
  const { t } = useTranslation();
  const { teamId, ownId } = useCurrentTeam();
  const joined = useQuery(joinedTeamsQueryOptions());
  const members = useQuery(membersQueryOptions(teamId));
  const [inviting, setInviting] = useState(false);
  const current = joined.data?.find((team) => team.tenant_id === teamId);
  const myRole = current?.role ?? "normal";
  const manager = myRole === "owner" || myRole === "admin";
  const teamName = teamId === ownId ? t("teams.own") : (current?.name ?? "");

  return (
    <Stack gap="8">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t("teams.title")}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t("teams.description")}
        </Text>
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="team-members">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md" id="team-members">
            {t("teams.members", { team: teamName })}
          </Heading>
          {manager && (
            <Button colorPalette="teal" size="sm" onClick={() => setInviting(true)}>
              <UserPlus /> {t("teams.invite")}
            </Button>
          )}
        </HStack>
        {members.isError ? (
          <RouteErrorMessage error={members.error} onRetry={() => void members.refetch()} />
        ) : members.isPending ? (
          <Skeleton h="24" rounded="lg" />
        ) : (
          <MembersTable tenantId={teamId} members={members.data} myRole={myRole} />
        )}
        <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle" fontSize="sm">
          <List.Root gap="1" ps="4">
            {TEAM_ROLES.map((role) => (
              <List.Item key={role}>{t(`teams.roleHelp.${role}`)}</List.Item>
            ))}
          </List.Root>
        </Box>
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="my-teams">
        <Stack gap="0">
          <Heading as="h2" size="md" id="my-teams">
            {t("teams.myTeams")}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t("teams.myTeamsHint")}
          </Text>
        </Stack>
        {joined.isError ? (
          <RouteErrorMessage error={joined.error} onRetry={() => void joined.refetch()} />
        ) : joined.data ? (
          <JoinedTeams teams={joined.data} />
        ) : (
          <Skeleton h="16" />
        )}
      </Stack>
      {inviting && <InviteDialog tenantId={teamId} onClose={() => setInviting(false)} />}
    </Stack>
  );
};
