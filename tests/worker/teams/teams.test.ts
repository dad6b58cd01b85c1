import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Invitation, JoinedTeam, TeamMember } from "../../../worker/contract/teams";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, textFile, uploadFiles, waitUntilSettled } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

describe("teams: invitations and membership", () => {
  it("invites a registered user who sees the invitation, accepts it and then works in the team", async () => {
    const owner = await createUser({ nickname: "Olga" });
    const member = await createUser({ nickname: "Mia" });
    const invite = await callApi<TeamMember>(`/tenants/${owner.id}/users`, {
      token: owner.token,
      json: { email: member.email },
    });
    expect(invite.body.data).toMatchObject({ user_id: member.id, role: "invite" });

    const pending = (await callApi<JoinedTeam[]>("/tenants", { token: member.token })).body.data;
    expect(pending.map((team) => [team.tenant_id, team.role])).toEqual([
      [member.id, "owner"],
      [owner.id, "invite"],
    ]);
    expect(pending[1]).toMatchObject({ nickname: "Olga", email: owner.email });
    expect((await callApi("/datasets", inTeam(member, owner.id))).status).toBe(403);

    expect((await callApi(`/tenants/${owner.id}/agree`, { method: "PUT", token: member.token })).body.code).toBe(0);
    expect((await callApi("/datasets", inTeam(member, owner.id))).body.code).toBe(0);
    const members = (await callApi<TeamMember[]>(`/tenants/${owner.id}/users`, { token: owner.token })).body.data;
    expect(members.map((entry) => [entry.nickname, entry.role])).toEqual([
      ["Olga", "owner"],
      ["Mia", "normal"],
    ]);
    expect(members[1]?.create_time).toBeGreaterThan(0);
  });

  it("mails the invitation through the configured SMTP server", async () => {
    const owner = await createUser({ nickname: "Olga" });
    const invitee = await createUser();
    const invite = await callApi<Invitation>(`/tenants/${owner.id}/users`, {
      token: owner.token,
      json: { email: invitee.email },
    });
    expect(invite.body.data.email_sent).toBe(true);
    const inbox = (await (await fetch(env.TEST_SMTP_INBOX_URL)).json()) as {
      from: string;
      to: string[];
      raw: string;
    }[];
    const mail = inbox.find((message) => message.to.includes(invitee.email));
    expect(mail?.from).toBe("no-reply@buddy.test");
    expect(mail?.raw).toContain("Olga's Kingdom");
    expect(mail?.raw).toMatch(/Olga invited you/);
  });

  it("refuses unknown emails, double invitations and invitations by plain members", async () => {
    const owner = await createUser();
    const member = await createUser();
    const third = await createUser();
    const unknown = await callApi(`/tenants/${owner.id}/users`, {
      token: owner.token,
      json: { email: "nobody@buddy.test" },
    });
    expect(unknown.body).toMatchObject({
      code: 102,
      message: "User not found: nobody@buddy.test. Only registered users can be invited.",
    });
    await joinTeam(owner, member);
    const again = await callApi(`/tenants/${owner.id}/users`, { token: owner.token, json: { email: member.email } });
    expect(again.body.message).toBe(`${member.email} is already in the team.`);
    const byMember = await callApi(`/tenants/${owner.id}/users`, { token: member.token, json: { email: third.email } });
    expect(byMember.body.code).toBe(108);
    expect((await callApi<TeamMember[]>(`/tenants/${owner.id}/users`, { token: owner.token })).body.data).toHaveLength(
      2,
    );
  });

  it("removing a member ends their access, their API key for the team included; a member can leave", async () => {
    const owner = await createUser();
    const member = await createUser();
    const leaver = await createUser();
    await joinTeam(owner, member);
    await joinTeam(owner, leaver);
    const key = (await callApi<{ token: string }>("/system/tokens", { method: "POST", ...inTeam(member, owner.id) }))
      .body.data.token;
    expect((await callApi("/datasets", { token: key })).body.code).toBe(0);

    const removed = await callApi(`/tenants/${owner.id}/users/${member.id}`, { method: "DELETE", token: owner.token });
    expect(removed.body.code).toBe(0);
    expect((await callApi("/datasets", inTeam(member, owner.id))).status).toBe(403);
    expect((await callApi("/datasets", { token: key })).status).toBe(401);

    expect(
      (await callApi(`/tenants/${owner.id}/users/${leaver.id}`, { method: "DELETE", token: leaver.token })).body.code,
    ).toBe(0);
    expect(
      (await callApi<JoinedTeam[]>("/tenants", { token: leaver.token })).body.data.map((team) => team.tenant_id),
    ).toEqual([leaver.id]);
    const ownerLeaves = await callApi(`/tenants/${owner.id}/users/${owner.id}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(ownerLeaves.body.message).toBe("The owner cannot leave or be removed from their own team.");
  });

  it("the owner makes a member admin; admins manage members but not other admins or roles", async () => {
    const owner = await createUser();
    const admin = await createUser();
    const admin2 = await createUser();
    const member = await createUser();
    await joinTeam(owner, admin, "admin");
    await joinTeam(owner, admin2, "admin");
    await joinTeam(owner, member);
    expect(
      (
        await callApi(`/tenants/${owner.id}/users/${member.id}`, {
          method: "PATCH",
          token: admin.token,
          json: { role: "admin" },
        })
      ).body.code,
    ).toBe(108);
    expect(
      (await callApi(`/tenants/${owner.id}/users/${admin2.id}`, { method: "DELETE", token: admin.token })).body.code,
    ).toBe(108);
    expect(
      (await callApi(`/tenants/${owner.id}/users/${member.id}`, { method: "DELETE", token: admin.token })).body.code,
    ).toBe(0);
    const roles = (await callApi<TeamMember[]>(`/tenants/${owner.id}/users`, { token: owner.token })).body.data.map(
      (entry) => entry.role,
    );
    expect(roles).toEqual(["owner", "admin", "admin"]);
  });
});

describe("teams: shared knowledge bases", () => {
  it("members see team bases (not private ones), upload to and parse them, but only creator and admins change settings", async () => {
    const owner = await createUser();
    const member = await createUser();
    const admin = await createUser();
    await joinTeam(owner, member);
    await joinTeam(owner, admin, "admin");
    const shared = await createDataset(owner, { name: "Team-Wissen", permission: "team" });
    await createDataset(owner, { name: "Privat" });

    const listed = await callApi<{ name: string }[]>("/datasets", inTeam(member, owner.id));
    expect(listed.body.data.map((kb) => kb.name)).toEqual(["Team-Wissen"]);
    const form = new FormData();
    form.append("file", textFile("team.txt", "Gemeinsames Wissen über Impfungen."));
    const upload = await callApi<{ id: string }[]>(`/datasets/${shared.id}/documents`, {
      ...inTeam(member, owner.id),
      body: form,
    });
    expect(upload.body.code).toBe(0);
    await callApi(`/datasets/${shared.id}/chunks`, {
      ...inTeam(member, owner.id),
      json: { document_ids: [upload.body.data[0]?.id] },
    });
    await waitUntilSettled(owner, shared.id);
    const hits = await callApi<{ chunks: unknown[] }>("/retrieval", {
      ...inTeam(member, owner.id),
      json: { question: "Impfungen", dataset_ids: [shared.id] },
    });
    expect(hits.body.data.chunks.length).toBeGreaterThan(0);

    const rename = await callApi(`/datasets/${shared.id}`, {
      method: "PUT",
      ...inTeam(member, owner.id),
      json: { name: "Umbenannt" },
    });
    expect(rename.body.code).toBe(102);
    const remove = await callApi("/datasets", {
      method: "DELETE",
      ...inTeam(member, owner.id),
      json: { ids: [shared.id] },
    });
    expect(remove.body.code).toBe(102);
    const byAdmin = await callApi(`/datasets/${shared.id}`, {
      method: "PUT",
      ...inTeam(admin, owner.id),
      json: { name: "Team-Wissen 2" },
    });
    expect(byAdmin.body.code).toBe(0);

    // a member's assistant in the team can use the team base; other members do not see that assistant
    const chat = await callApi<{ id: string }>("/chats", {
      method: "POST",
      ...inTeam(member, owner.id),
      json: { name: "Mein Assistent", dataset_ids: [shared.id] },
    });
    expect(chat.body.code).toBe(0);
    expect((await callApi<{ total: number }>("/chats", inTeam(admin, owner.id))).body.data.total).toBe(0);
  });

  it("only owners and admins change the team's models", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const change = await callApi("/models/default", {
      method: "PATCH",
      ...inTeam(member, owner.id),
      json: { model_type: "chat" },
    });
    expect(change.body).toMatchObject({ code: 108, message: "Only the team's owner or an admin can change this." });
    expect((await callApi("/models", inTeam(member, owner.id))).body.code).toBe(0);
    expect((await uploadFiles(member, (await createDataset(member)).id, [textFile("own.txt", "own")])).body.code).toBe(
      0,
    );
  });
});
