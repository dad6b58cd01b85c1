import { Badge, Button, HStack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamMember } from "../../../worker/contract/teams";
import { useChangeRoleMutation, useRemoveMemberMutation } from "../../api/teams";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatDateTime } from "../../lib/format";

type Props = { tenantId: string; members: TeamMember[]; myRole: TeamMember["role"] };

export const RoleBadge = ({ role }: { role: TeamMember["role"] }) => {
  const { t } = useTranslation();
  const palette = { owner: "teal", admin: "purple", normal: "gray", invite: "orange" }[role];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {t(`teams.roles.${role}`)}
    </Badge>
  );
};

// Owners change roles; owners and admins remove (admins only members and invitations).
export const MembersTable = ({ tenantId, members, myRole }: Props) => {
  const { t } = useTranslation();
  const remove = useRemoveMemberMutation(tenantId);
  const changeRole = useChangeRoleMutation(tenantId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const mayRemove = (member: TeamMember) =>
    member.role !== "owner" && (myRole === "owner" || (myRole === "admin" && member.role !== "admin"));

  const setRole = (member: TeamMember, role: "admin" | "normal") =>
    void changeRole
      .mutateAsync({ userId: member.user_id, role })
      .then(() => notifySuccess(t("teams.roleChanged")), notifyError);

  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("teams.nickname")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("teams.email")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("teams.role")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("teams.joined")}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Text srOnly>{t("common.actions")}</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {members.map((member) => (
              <Table.Row key={member.user_id} data-testid="member-row" data-email={member.email}>
                <Table.Cell>{member.nickname}</Table.Cell>
                <Table.Cell>{member.email}</Table.Cell>
                <Table.Cell>
                  <RoleBadge role={member.role} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatDateTime(member.role === "invite" ? member.create_time : member.update_time)}
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2" justify="end" wrap="wrap">
                    {myRole === "owner" && member.role === "normal" && (
                      <Button size="xs" variant="outline" onClick={() => setRole(member, "admin")}>
                        {t("teams.makeAdmin")}
                      </Button>
                    )}
                    {myRole === "owner" && member.role === "admin" && (
                      <Button size="xs" variant="outline" onClick={() => setRole(member, "normal")}>
                        {t("teams.makeMember")}
                      </Button>
                    )}
                    {mayRemove(member) && (
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRemoving(member)}>
                        {t("teams.remove")}
                      </Button>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {removing && (
        <ConfirmDialog
          open
          onClose={() => setRemoving(null)}
          title={t("teams.removeTitle", { name: removing.nickname })}
          body={t("teams.removeBody", { name: removing.nickname })}
          confirmLabel={t("teams.remove")}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutateAsync(removing.user_id).then(() => {
              notifySuccess(t("teams.removed"));
              setRemoving(null);
            }, notifyError)
          }
        />
      )}
    </>
  );
};
