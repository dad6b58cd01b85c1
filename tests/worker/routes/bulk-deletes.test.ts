import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { cloneRows, countRows, hexId, renamed } from "../../helpers/worker/bulk";
import { createChat, createSession } from "../../helpers/worker/chat";
import { createDataset, createUser, type TestUser } from "../../helpers/worker/factories";

// D1 binds at most 100 variables per statement: every list a caller or the data sizes is bound in slices.

const del = (user: TestUser, path: string, json: unknown) =>
  callApi(path, { method: "DELETE", token: user.token, json });

const unknownIds = (count: number) => Array.from({ length: count }, hexId);

describe("DELETE /datasets in bulk", () => {
  it.each([1_000, 10_000])(
    "deletes %i datasets by id, and refuses the whole list when one is unknown",
    { timeout: 60_000 },
    async (size) => {
      const user = await createUser();
      const template = await createDataset(user);
      const ids = [template.id, ...(await cloneRows("datasets", template.id, size - 1, renamed))];

      const mixed = [...ids.slice(0, 3), ...unknownIds(size - 3)];
      const refused = await del(user, "/datasets", { ids: mixed });
      expect(refused.body.code).toBe(102);
      expect(refused.body.message).toContain("lacks permission for datasets");
      expect(await countRows("datasets", ids)).toBe(size);

      const res = await del(user, "/datasets", { ids });
      expect(res.body).toMatchObject({ code: 0, data: { success_count: size } });
      expect(await countRows("datasets", ids)).toBe(0);
    },
  );

  it("deletes more than 100 datasets with delete_all", async () => {
    const user = await createUser();
    const template = await createDataset(user);
    const ids = [template.id, ...(await cloneRows("datasets", template.id, 150, renamed))];
    const res = await del(user, "/datasets", { delete_all: true });
    expect(res.body).toEqual({ code: 0, message: "success", data: { success_count: 151 } });
    expect(await countRows("datasets", ids)).toBe(0);
    expect((await callApi<unknown[]>("/datasets", { token: user.token })).body.data).toEqual([]);
  });
});

describe("DELETE /chats in bulk", () => {
  it("deletes 1,000 chats by id; with unknown ids among them deletes the rest and names those", async () => {
    const user = await createUser();
    const template = await createChat(user, {});
    const ids = [template.id, ...(await cloneRows("dialogs", template.id, 999, renamed))];

    const unknown = unknownIds(997);
    const refused = await del(user, "/chats", { ids: unknown });
    expect(refused.body).toMatchObject({
      code: 102,
      message: unknown.map((id) => `Chat(${id}) not found.`).join("; "),
    });
    expect(await countRows("dialogs", ids)).toBe(1_000);

    const partial = await del(user, "/chats", { ids: [...ids.slice(0, 3), ...unknown] });
    expect(partial.body).toEqual({
      code: 0,
      message: "Partially deleted 3 chats with 997 errors",
      data: { success_count: 3, errors: unknown.map((id) => `Chat(${id}) not found.`) },
    });
    expect(await countRows("dialogs", ids)).toBe(997);

    const res = await del(user, "/chats", { ids: ids.slice(3) });
    expect(res.body).toMatchObject({ code: 0, data: { success_count: 997 } });
    expect(await countRows("dialogs", ids)).toBe(0);
  });

  it("deletes more than 100 chats with delete_all", async () => {
    const user = await createUser();
    const template = await createChat(user, {});
    const ids = [template.id, ...(await cloneRows("dialogs", template.id, 150, renamed))];
    const res = await del(user, "/chats", { delete_all: true });
    expect(res.body).toMatchObject({ code: 0, data: { success_count: 151 } });
    expect(await countRows("dialogs", ids)).toBe(0);
  });
});

describe("DELETE /chats/{id}/sessions in bulk", () => {
  it("deletes 1,000 sessions by id; a foreign id among them is named, the rest deleted", async () => {
    const user = await createUser();
    const chat = await createChat(user, {});
    const template = await createSession(user, chat.id);
    const ids = [template.id, ...(await cloneRows("conversations", template.id, 999))];

    const unknown = hexId();
    const refused = await del(user, `/chats/${chat.id}/sessions`, { ids: [unknown] });
    expect(refused.body).toMatchObject({ code: 102, message: `The chat doesn't own the session ${unknown}` });
    expect(await countRows("conversations", ids)).toBe(1_000);

    const partial = await del(user, `/chats/${chat.id}/sessions`, { ids: [...ids.slice(0, 3), unknown] });
    expect(partial.body).toEqual({
      code: 0,
      message: "Partially deleted 3 sessions with 1 errors",
      data: { success_count: 3, errors: [`The chat doesn't own the session ${unknown}`] },
    });
    expect(await countRows("conversations", ids)).toBe(997);

    const res = await del(user, `/chats/${chat.id}/sessions`, { ids: ids.slice(3) });
    expect(res.body).toMatchObject({ code: 0, data: true });
    expect(await countRows("conversations", ids)).toBe(0);
  });

  it("deletes more than 100 sessions with delete_all", async () => {
    const user = await createUser();
    const chat = await createChat(user, {});
    const template = await createSession(user, chat.id);
    const ids = [template.id, ...(await cloneRows("conversations", template.id, 150))];
    const res = await del(user, `/chats/${chat.id}/sessions`, { delete_all: true });
    expect(res.body.code).toBe(0);
    expect(await countRows("conversations", ids)).toBe(0);
  });
});
