import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { createUser } from "../../helpers/worker/factories";

type Token = { id: string; token: string; tenant_id: string; beta: string };

describe("/system/tokens (API keys)", () => {
  it("creates a ragflow- key that authenticates as Bearer, lists it masked and deletes it", async () => {
    const user = await createUser();
    const created = await callApi<Token>("/system/tokens", { method: "POST", token: user.token });
    expect(created.body.code).toBe(0);
    const key = created.body.data.token;
    expect(key).toMatch(/^ragflow-[A-Za-z0-9_-]{43}$/);
    expect(created.body.data.tenant_id).toBe(user.id);

    const me = await callApi<{ id: string }>("/users/me", { token: `Bearer ${key}` });
    expect(me.body.data.id).toBe(user.id);

    const list = await callApi<Token[]>("/system/tokens", { token: user.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]?.token).not.toBe(key);
    expect(list.body.data[0]?.token).toMatch(/^ragflow-.{4}….{4}$/);

    const removed = await callApi(`/system/tokens/${key}`, { method: "DELETE", token: user.token });
    expect(removed.body).toMatchObject({ code: 0, data: true });
    expect((await callApi("/users/me", { token: `Bearer ${key}` })).status).toBe(401);
  });

  it("deletes by id as well", async () => {
    const user = await createUser();
    const created = await callApi<Token>("/system/tokens", { method: "POST", token: user.token });
    await callApi(`/system/tokens/${created.body.data.id}`, { method: "DELETE", token: user.token });
    const list = await callApi<Token[]>("/system/tokens", { token: user.token });
    expect(list.body.data).toEqual([]);
  });

  it("keeps tenants apart: nobody lists or deletes another tenant's keys", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const created = await callApi<Token>("/system/tokens", { method: "POST", token: owner.token });
    const strangerList = await callApi<Token[]>("/system/tokens", { token: stranger.token });
    expect(strangerList.body.data).toEqual([]);
    const attempt = await callApi(`/system/tokens/${created.body.data.token}`, {
      method: "DELETE",
      token: stranger.token,
    });
    expect(attempt.body).toMatchObject({ code: 102, message: "You don't own this API key." });
    const me = await callApi<{ id: string }>("/users/me", { token: `Bearer ${created.body.data.token}` });
    expect(me.body.data.id).toBe(owner.id);
  });

  it("needs credentials", async () => {
    expect((await callApi("/system/tokens")).status).toBe(401);
    expect((await callApi("/system/tokens", { method: "POST" })).status).toBe(401);
  });
});
