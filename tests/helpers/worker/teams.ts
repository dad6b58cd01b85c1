import { callApi } from "./api";
import type { TestUser } from "./factories";

export const TEAM_HEADER = "X-Tenant-Id";

// `user` invites `invitee` into the team of `owner` and the invitee accepts; with `admin`, the owner makes them admin.
export const joinTeam = async (owner: TestUser, invitee: TestUser, role: "normal" | "admin" = "normal") => {
  const invite = await callApi(`/tenants/${owner.id}/users`, { token: owner.token, json: { email: invitee.email } });
  if (invite.body.code !== 0) throw new Error(`invite failed: ${invite.body.message}`);
  const accept = await callApi(`/tenants/${owner.id}/agree`, { method: "PUT", token: invitee.token });
  if (accept.body.code !== 0) throw new Error(`accept failed: ${accept.body.message}`);
  if (role === "admin")
    await callApi(`/tenants/${owner.id}/users/${invitee.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "admin" },
    });
};

// The user's session working inside another team.
export const inTeam = (user: TestUser, tenantId: string) => ({
  token: user.token,
  headers: { [TEAM_HEADER]: tenantId },
});
