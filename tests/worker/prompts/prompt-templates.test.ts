import { describe, expect, it } from "vitest";
import { PROMPT_NAME_TAKEN, type PromptTemplate } from "../../../worker/contract/prompt-templates";
import { callApi } from "../../helpers/worker/api";
import { createUser, type TestUser } from "../../helpers/worker/factories";
import { inTeam, joinTeam } from "../../helpers/worker/teams";

type Caller = { token: string; headers?: Record<string, string> };
const as = (user: TestUser): Caller => ({ token: user.token });

const create = (caller: Caller, json: Record<string, unknown>) =>
  callApi<PromptTemplate>("/prompt-templates", { ...caller, json });
const list = async (caller: Caller, query = "") => {
  const res = await callApi<{ templates: PromptTemplate[]; total: number }>(`/prompt-templates${query}`, caller);
  expect(res.body.code).toBe(0);
  return res.body.data;
};
const template = {
  name: "Kardiologie",
  description: "Antworten für Herzpatienten",
  content: "Du bist ein Kardiologe.\n{knowledge}",
};

describe("prompt templates: CRUD", () => {
  it("creates, reads, updates and deletes a template", async () => {
    const user = await createUser();
    const created = await create(as(user), template);
    expect(created.body.code).toBe(0);
    const row = created.body.data;
    expect(row).toMatchObject({ ...template, tenant_id: user.id, created_by: user.id });
    expect(row.id).toMatch(/^[0-9a-f]{32}$/);

    const got = await callApi<PromptTemplate>(`/prompt-templates/${row.id}`, as(user));
    expect(got.body.data).toEqual(row);

    const updated = await callApi<PromptTemplate>(`/prompt-templates/${row.id}`, {
      ...as(user),
      method: "PUT",
      json: { content: "Neu: {knowledge}" },
    });
    expect(updated.body.code).toBe(0);
    expect(updated.body.data).toMatchObject({
      name: "Kardiologie",
      description: template.description,
      content: "Neu: {knowledge}",
    });
    expect(updated.body.data.update_time).toBeGreaterThanOrEqual(row.update_time);

    const removed = await callApi(`/prompt-templates/${row.id}`, { ...as(user), method: "DELETE" });
    expect(removed.body).toMatchObject({ code: 0, data: true });
    expect((await list(as(user))).total).toBe(0);
    const gone = await callApi(`/prompt-templates/${row.id}`, as(user));
    expect(gone.body).toMatchObject({ code: 102, message: `You don't own the prompt template ${row.id}.` });
  });

  it("validates name, description and content and stores nothing on bad input", async () => {
    const user = await createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ content: "x" }, "`name` is required"],
      [{ name: "   ", content: "x" }, "`name` is required"],
      [{ name: "a".repeat(129), content: "x" }, "String should have at most 128 characters"],
      [{ name: "ok", description: "d".repeat(1001), content: "x" }, "String should have at most 1000 characters"],
      [{ name: "ok" }, "`content` is required"],
      [{ name: "ok", content: "  \n " }, "`content` is required"],
      [{ name: "ok", content: "c".repeat(100_001) }, "String should have at most 100000 characters"],
    ];
    for (const [json, message] of cases) {
      const res = await create(as(user), json);
      expect(res.body, JSON.stringify(json).slice(0, 60)).toMatchObject({
        code: 102,
        message: expect.stringContaining(message),
      });
    }
    expect((await create(as(user), { name: "a".repeat(128), content: "c".repeat(100_000) })).body.code).toBe(0);
    expect((await list(as(user))).total).toBe(1);
  });

  it("keeps names unique per team regardless of case, also on rename", async () => {
    const user = await createUser();
    const other = await createUser();
    expect((await create(as(user), template)).body.code).toBe(0);
    expect((await create(as(user), { ...template, name: "  KARDIOLOGIE " })).body).toMatchObject({
      code: 102,
      message: PROMPT_NAME_TAKEN,
    });
    // another team may use the name
    expect((await create(as(other), template)).body.code).toBe(0);
    const second = (await create(as(user), { ...template, name: "Diabetes" })).body.data;
    const rename = await callApi(`/prompt-templates/${second.id}`, {
      ...as(user),
      method: "PUT",
      json: { name: "kardiologie" },
    });
    expect(rename.body).toMatchObject({ code: 102, message: PROMPT_NAME_TAKEN });
    // renaming to its own name in another case is fine
    const recase = await callApi<PromptTemplate>(`/prompt-templates/${second.id}`, {
      ...as(user),
      method: "PUT",
      json: { name: "DIABETES" },
    });
    expect(recase.body.data.name).toBe("DIABETES");
  });

  it("lists with keywords (name or description) and pagination, newest first", async () => {
    const user = await createUser();
    for (const name of ["Alpha", "Beta", "Gamma"]) {
      expect(
        (await create(as(user), { name, description: name === "Beta" ? "für Kinder" : "", content: `${name} prompt` }))
          .body.code,
      ).toBe(0);
      // distinct update times, so "newest first" has one answer
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = await list(as(user));
    expect(all.total).toBe(3);
    expect(all.templates.map((row) => row.name)).toEqual(["Gamma", "Beta", "Alpha"]);
    const page = await list(as(user), "?page=2&page_size=2");
    expect(page).toMatchObject({ total: 3 });
    expect(page.templates.map((row) => row.name)).toEqual(["Alpha"]);
    expect((await list(as(user), "?keywords=ALP")).templates.map((row) => row.name)).toEqual(["Alpha"]);
    expect((await list(as(user), "?keywords=kinder")).templates.map((row) => row.name)).toEqual(["Beta"]);
    expect((await list(as(user), "?orderby=name&desc=false")).templates.map((row) => row.name)).toEqual([
      "Alpha",
      "Beta",
      "Gamma",
    ]);
    const bad = await callApi("/prompt-templates?page=0", as(user));
    expect(bad.body.code).toBe(101);
  });
});

describe("prompt templates: team scope and permissions", () => {
  it("shares templates with the team; members change only their own, owners and admins all", async () => {
    const owner = await createUser();
    const member = await createUser();
    const admin = await createUser();
    const outsider = await createUser();
    await joinTeam(owner, member);
    await joinTeam(owner, admin, "admin");
    const ownerTemplate = (await create(as(owner), template)).body.data;
    const memberTemplate = (await create(inTeam(member, owner.id), { name: "Vom Mitglied", content: "m" })).body.data;
    expect(memberTemplate.tenant_id).toBe(owner.id);

    expect((await list(inTeam(member, owner.id))).templates.map((row) => row.name).toSorted()).toEqual([
      "Kardiologie",
      "Vom Mitglied",
    ]);
    // the member's own team is a different one
    expect((await list(as(member))).total).toBe(0);

    const denied = await callApi(`/prompt-templates/${ownerTemplate.id}`, {
      ...inTeam(member, owner.id),
      method: "PUT",
      json: { content: "gekapert" },
    });
    expect(denied.body.code).toBe(108);
    expect(
      (await callApi(`/prompt-templates/${ownerTemplate.id}`, { ...inTeam(member, owner.id), method: "DELETE" })).body
        .code,
    ).toBe(108);
    expect((await callApi<PromptTemplate>(`/prompt-templates/${ownerTemplate.id}`, as(owner))).body.data.content).toBe(
      template.content,
    );

    expect(
      (
        await callApi(`/prompt-templates/${memberTemplate.id}`, {
          ...inTeam(member, owner.id),
          method: "PUT",
          json: { description: "eigene" },
        })
      ).body.code,
    ).toBe(0);
    expect(
      (
        await callApi(`/prompt-templates/${memberTemplate.id}`, {
          ...inTeam(admin, owner.id),
          method: "PUT",
          json: { description: "vom Admin" },
        })
      ).body.code,
    ).toBe(0);
    expect(
      (await callApi(`/prompt-templates/${memberTemplate.id}`, { ...as(owner), method: "DELETE" })).body.code,
    ).toBe(0);

    // no reads or writes across teams
    expect((await list(as(outsider))).total).toBe(0);
    const foreign = await callApi(`/prompt-templates/${ownerTemplate.id}`, as(outsider));
    expect(foreign.body.code).toBe(102);
    expect(
      (await callApi(`/prompt-templates/${ownerTemplate.id}`, { ...as(outsider), method: "DELETE" })).body.code,
    ).toBe(102);
    expect((await callApi("/prompt-templates", inTeam(outsider, owner.id))).status).toBe(403);
  });

  it("needs a caller", async () => {
    expect((await callApi("/prompt-templates")).status).toBe(401);
  });
});
