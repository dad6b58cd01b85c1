import { describe, expect, it } from "vitest";
import type { SearchApp } from "../../../worker/contract/searches";
import { callApi } from "../../helpers/worker/api";
import { parsedDataset } from "../../helpers/worker/chat";
import { createDataset, createUser, type TestUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

const create = (user: TestUser, json: Record<string, unknown>) =>
  callApi<{ search_id: string }>("/searches", { token: user.token, json });
const get = (user: TestUser, id: string) => callApi<SearchApp>(`/searches/${id}`, { token: user.token });

describe("search apps: /searches", () => {
  it("creates, lists, reads, updates (merging the config) and deletes a search app", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const created = await create(user, {
      name: "  Impfungen  ",
      description: "Fragen zur Impfung",
      search_config: { kb_ids: [ds.id], top_k: 50 },
    });
    expect(created.body).toMatchObject({ code: 0, data: { search_id: expect.any(String) } });
    const id = created.body.data.search_id;

    const app = (await get(user, id)).body.data;
    expect(app).toMatchObject({
      id,
      tenant_id: user.id,
      created_by: user.id,
      name: "Impfungen",
      description: "Fragen zur Impfung",
      avatar: null,
    });
    expect(app.search_config).toMatchObject({
      kb_ids: [ds.id],
      top_k: 50,
      similarity_threshold: 0.2,
      vector_similarity_weight: 0.3,
      summary: true,
      related_search: true,
      highlight: true,
      chat_id: "",
    });

    await create(user, { name: "Schlaf" });
    const list = await callApi<{ search_apps: SearchApp[]; total: number }>(
      "/searches?page_size=1&orderby=create_time&desc=true",
      { token: user.token },
    );
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.search_apps.map((s) => s.name)).toEqual(["Schlaf"]);
    const found = await callApi<{ search_apps: SearchApp[]; total: number }>("/searches?keywords=impf", {
      token: user.token,
    });
    expect(found.body.data.search_apps.map((s) => s.name)).toEqual(["Impfungen"]);

    const updated = await callApi<SearchApp>(`/searches/${id}`, {
      method: "PUT",
      token: user.token,
      json: { name: "Impfen", search_config: { similarity_threshold: 0.5, summary: false } },
    });
    expect(updated.body.data).toMatchObject({ name: "Impfen", description: "Fragen zur Impfung" });
    expect(updated.body.data.search_config).toMatchObject({
      kb_ids: [ds.id],
      top_k: 50,
      similarity_threshold: 0.5,
      summary: false,
    });

    expect((await callApi(`/searches/${id}`, { method: "DELETE", token: user.token })).body).toMatchObject({
      code: 0,
      data: true,
    });
    expect((await get(user, id)).body).toMatchObject({ code: 102, message: "Has no permission for this operation." });
  });

  it("validates names and settings, and makes a duplicate name unique like knowledge bases do", async () => {
    const user = await createUser();
    expect((await create(user, { name: "   " })).body).toMatchObject({
      code: 102,
      message: "Search name can't be empty.",
    });
    expect((await create(user, { name: 5 })).body).toMatchObject({ code: 102, message: "Search name must be string." });
    expect((await create(user, { name: "ü".repeat(128) })).body.code).toBe(102);
    expect((await create(user, { name: "Gültig", search_config: { similarity_threshold: 2 } })).body.code).toBe(102);
    expect((await create(user, { name: "Gültig", search_config: { chat_id: "gpt-x@Nowhere" } })).body).toMatchObject({
      code: 102,
      message: "`llm_id` gpt-x@Nowhere doesn't exist",
    });

    const first = (await create(user, { name: "Suche" })).body.data.search_id;
    const second = (await create(user, { name: "suche" })).body.data.search_id;
    const third = (await create(user, { name: "Suche" })).body.data.search_id;
    expect((await get(user, second)).body.data.name).toBe("suche(1)");
    expect((await get(user, third)).body.data.name).toBe("Suche(2)");
    const clash = await callApi(`/searches/${first}`, {
      method: "PUT",
      token: user.token,
      json: { name: "SUCHE(1)", search_config: {} },
    });
    expect(clash.body).toMatchObject({ code: 102, message: "Duplicated search name." });
    // keeping its own name is no clash; search_config is required on PUT
    expect(
      (
        await callApi(`/searches/${first}`, {
          method: "PUT",
          token: user.token,
          json: { name: "Suche", search_config: {} },
        })
      ).body.code,
    ).toBe(0);
    expect(
      (await callApi(`/searches/${first}`, { method: "PUT", token: user.token, json: { name: "Suche" } })).body,
    ).toMatchObject({ code: 102, message: "`search_config` is required" });
  });

  it("keeps search apps inside the team: other teams can neither see, change, use nor delete them", async () => {
    const owner = await createUser();
    const ds = await parsedDataset(owner);
    const id = (await create(owner, { name: "Intern", search_config: { kb_ids: [ds.id] } })).body.data.search_id;
    const stranger = await createUser();
    expect((await get(stranger, id)).body).toMatchObject({
      code: 102,
      message: "Has no permission for this operation.",
    });
    expect(
      (
        await callApi(`/searches/${id}`, {
          method: "PUT",
          token: stranger.token,
          json: { name: "Meins", search_config: {} },
        })
      ).body,
    ).toMatchObject({ code: 109, message: "no authorization" });
    expect((await callApi(`/searches/${id}`, { method: "DELETE", token: stranger.token })).body.code).toBe(109);
    expect(
      (await callApi(`/searches/${id}/completions`, { token: stranger.token, json: { question: "Impfung" } })).body
        .code,
    ).toBe(109);
    expect((await callApi(`/searches/${id}/share-tokens`, { token: stranger.token, json: {} })).body.code).toBe(102);
    expect((await callApi<{ total: number }>("/searches", { token: stranger.token })).body.data.total).toBe(0);
    // a stranger cannot save the owner's knowledge base into a search app of their own
    expect((await create(stranger, { name: "Fremd", search_config: { kb_ids: [ds.id] } })).body).toMatchObject({
      code: 102,
      message: `You don't own the dataset ${ds.id}`,
    });
    expect((await get(owner, id)).body.data.name).toBe("Intern");
    expect((await callApi("/searches", { token: null })).status).toBe(401);
  });

  it("is shared by the members of a team", async () => {
    const owner = await createUser();
    const member = await createUser();
    await joinTeam(owner, member);
    const id = (await create(owner, { name: "Team-Suche" })).body.data.search_id;
    const asMember = inTeam(member, owner.id);
    expect((await callApi<SearchApp>(`/searches/${id}`, asMember)).body.data.name).toBe("Team-Suche");
    expect((await callApi<SearchApp>(`/searches/${id}`, { token: member.token })).body.code).toBe(102);
  });
});
