import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ChangeRoleSchema,
  Invitation,
  InviteMemberSchema,
  JoinedTeam,
  TeamMember,
} from "../../worker/contract/teams";
import { type Body, requestData } from "./client";

export const teamKeys = {
  all: ["teams"] as const,
  joined: () => [...teamKeys.all, "joined"] as const,
  members: (tenantId: string) => [...teamKeys.all, "members", tenantId] as const,
};

export const joinedTeamsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.joined(), queryFn: () => requestData<JoinedTeam[]>("/tenants") });

export const membersQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: teamKeys.members(tenantId),
    queryFn: () => requestData<TeamMember[]>(`/tenants/${tenantId}/users`),
  });

const useTeamMutation = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
};

export const useInviteMutation = (tenantId: string) =>
  useTeamMutation((email: string) =>
    requestData<Invitation>(`/tenants/${tenantId}/users`, {
      body: { email } satisfies Body<typeof InviteMemberSchema>,
    }),
  );
export const useRemoveMemberMutation = (tenantId: string) =>
  useTeamMutation((userId: string) => requestData(`/tenants/${tenantId}/users/${userId}`, { method: "DELETE" }));
export const useChangeRoleMutation = (tenantId: string) =>
  useTeamMutation(({ userId, role }: { userId: string; role: "admin" | "normal" }) =>
    requestData(`/tenants/${tenantId}/users/${userId}`, {
      method: "PATCH",
      body: { role } satisfies Body<typeof ChangeRoleSchema>,
    }),
  );
export const useAcceptMutation = () =>
  useTeamMutation((tenantId: string) => requestData(`/tenants/${tenantId}/agree`, { method: "PUT" }));
export const useLeaveMutation = () =>
  useTeamMutation(({ tenantId, userId }: { tenantId: string; userId: string }) =>
    requestData(`/tenants/${tenantId}/users/${userId}`, { method: "DELETE" }),
  );
