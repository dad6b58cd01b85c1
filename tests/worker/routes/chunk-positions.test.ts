import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { positionsPdf } from "../../helpers/fixtures/positions-pdf";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest } from "../../helpers/worker/factories";

type Listed = { id: string; content: string; positions: number[][]; page_num_int: number[] };

const setup = async () => {
  const user = await createUser();
  const ds = await createDataset(user, { chunk_method: "manual" });
  const file = new File([positionsPdf().bytes], "merkblatt.pdf", { type: "application/pdf" });
  const doc = (await ingest(user, ds.id, [file]))["merkblatt.pdf"];
  if (!doc) throw new Error("no document");
  const base = `/datasets/${ds.id}/documents/${doc.id}/chunks`;
  const list = async () =>
    (await callApi<{ chunks: Listed[] }>(`${base}?page_size=100`, { token: user.token })).body.data.chunks;
  return { user, ds, doc, base, list };
};

const isBox = ([page = 0, left = 0, right = 0, top = 0, bottom = 0]: number[]) =>
  page >= 1 && right > left && bottom > top && right <= 595 && bottom <= 842;

describe("chunk positions in the API", () => {
  it("a PDF's chunks answer their boxes in the chunk list, the stored view, retrieval and search", {
    timeout: 60_000,
  }, async () => {
    const { user, ds, base, list } = await setup();
    const chunks = await list();
    const labs = chunks.find((chunk) => chunk.content.startsWith("Laborwerte"));
    expect(labs?.positions.length).toBeGreaterThan(0);
    for (const position of labs?.positions ?? []) {
      expect(isBox(position), JSON.stringify(position)).toBe(true);
      // the right column of page 1
      expect(position[0]).toBe(1);
      expect(position[1]).toBeGreaterThan(300);
    }
    expect(labs?.page_num_int).toEqual([1]);
    const visits = chunks.find((chunk) => chunk.content.startsWith("Hausbesuche"));
    expect(visits?.positions.map(([page]) => page)).toEqual(visits?.positions.map(() => 2));

    const stored = await callApi<{ position_int: number[][] }>(`${base}/${labs?.id}`, { token: user.token });
    expect(stored.body.data.position_int).toEqual(labs?.positions);

    const retrieved = await callApi<{ chunks: { id: string; positions: number[][] }[] }>("/retrieval", {
      token: user.token,
      json: { question: "Blutabnahmen nüchtern Laborwerte", dataset_ids: [ds.id] },
    });
    const hit = retrieved.body.data.chunks.find((chunk) => chunk.id === labs?.id);
    expect(hit?.positions).toEqual(labs?.positions);

    const searched = await callApi<{ chunks: { chunk_id: string; positions: number[][] }[] }>(
      `/datasets/${ds.id}/search`,
      { token: user.token, json: { question: "Blutabnahmen nüchtern Laborwerte" } },
    );
    expect(searched.body.data.chunks.find((chunk) => chunk.chunk_id === labs?.id)?.positions).toEqual(labs?.positions);
  });

  it("positions sent with a new or edited chunk are kept; a chunk stored without boxes answers its pages", {
    timeout: 60_000,
  }, async () => {
    const { user, base, list } = await setup();
    const created = await callApi<{ chunk: Listed }>(base, {
      token: user.token,
      json: { content: "Ein Hinweis am Rand.", positions: [[2, 56, 280, 400, 430]] },
    });
    expect(created.body.data.chunk.positions).toEqual([[2, 56, 280, 400, 430]]);
    expect(created.body.data.chunk.page_num_int).toEqual([2]);

    const [first] = await list();
    const edited = [
      [1, 60, 250, 120, 180],
      [2, 0, 0, 0, 0],
    ];
    const patched = await callApi(`${base}/${first?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { positions: edited },
    });
    expect(patched.body.code).toBe(0);
    const after = (await list()).find((chunk) => chunk.id === first?.id);
    // a page without a box names the page only, as it was sent
    expect(after?.positions).toEqual(edited);
    expect(after?.page_num_int).toEqual([1, 2]);

    // a chunk from before boxes were kept (its row has none) answers [page, 0, 0, 0, 0]
    await env.DB.prepare("UPDATE chunks SET position_int = '[]', page_num_int = '[2]' WHERE id = ?")
      .bind(first?.id)
      .run();
    const legacy = (await list()).find((chunk) => chunk.id === first?.id);
    expect(legacy?.positions).toEqual([[2, 0, 0, 0, 0]]);
  });

  it("positions that are no list of numbers are refused and change nothing", async () => {
    const { user, base, list } = await setup();
    const [first] = await list();
    const refused = await callApi(`${base}/${first?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { positions: [["eins", 2, 3, 4, 5]] },
    });
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.message).toContain("positions");
    expect((await list()).find((chunk) => chunk.id === first?.id)?.positions).toEqual(first?.positions);
  });
});
