import { addLocalModel, setDefaultModels } from "../../helpers/worker/models";
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ReferenceChunk } from "../../../worker/contract/chats";
import {
  FIGURE_CAPTIONS,
  FIGURE_PAGE,
  reportPdf,
  WORD_FIGURE_CAPTION,
  wordDocx,
} from "../../helpers/fixtures/documents";
import { BASE, callApi } from "../../helpers/worker/api";
import { ask, createChat } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, waitUntilSettled } from "../../helpers/worker/factories";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("images of image chunks", () => {
  it("an answer's reference carries the signed address of a cited image, which loads without sign-in and only with its signature", async () => {
    const user = await createUser();
    await addLocalModel(user, "vision-model", "image2text");
    await setDefaultModels(user.token, { img2txt_id: "vision-model@OpenAI-API-Compatible" });
    const ds = await createDataset(user);
    const docs = await ingest(user, ds.id, [
      new File([PNG], "pass.png", { type: "image/png" }),
      textFile("impfung.txt", "Der Impfpass gehört zu jeder Reise."),
    ]);
    const imageDoc = docs["pass.png"]?.id as string;

    const retrieval = await callApi<{ chunks: { document_keyword: string; image_id: string; image_url?: string }[] }>(
      "/retrieval",
      { token: user.token, json: { question: "Impfpass", dataset_ids: [ds.id], similarity_threshold: 0 } },
    );
    expect(
      Object.fromEntries(retrieval.body.data.chunks.map((chunk) => [chunk.document_keyword, chunk.image_id])),
    ).toEqual({ "pass.png": `${ds.id}-${imageDoc}`, "impfung.txt": "" });
    // retrieval signs the image (chat, search apps, agents and retrieval testing show it from there)
    const signed = new RegExp(`^/api/v1/document/image/${ds.id}-${imageDoc}\\?signature=[0-9a-f]{64}$`);
    expect(retrieval.body.data.chunks.find((chunk) => chunk.image_id)?.image_url).toMatch(signed);
    expect(retrieval.body.data.chunks.find((chunk) => !chunk.image_id)).not.toHaveProperty("image_url");

    // the chunk list says the same
    const listed = await callApi<{ chunks: { image_id: string; doc_type_kwd: string }[] }>(
      `/datasets/${ds.id}/documents/${imageDoc}/chunks`,
      { token: user.token },
    );
    expect(listed.body.data.chunks[0]).toMatchObject({ image_id: `${ds.id}-${imageDoc}`, doc_type_kwd: "image" });

    const chat = await createChat(user, { dataset_ids: [ds.id], prompt_config: { show_images: true } });
    const answer = (await ask(user, chat.id, { question: "Impfpass" })).body.data;
    const chunks = answer.reference.chunks as unknown as ReferenceChunk[];
    const image = chunks.find((chunk) => chunk.document_name === "pass.png");
    expect(image).toMatchObject({
      image_id: `${ds.id}-${imageDoc}`,
      doc_type: "image",
      image_url: expect.stringMatching(signed),
    });
    expect(chunks.find((chunk) => chunk.document_name === "impfung.txt")).toMatchObject({ image_id: "", doc_type: "" });
    expect(chunks.find((chunk) => chunk.document_name === "impfung.txt")).not.toHaveProperty("image_url");

    // an <img> loads it without a token
    const loaded = await SELF.fetch(`${BASE.replace(/\/api\/v1$/, "")}${image?.image_url}`);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await loaded.arrayBuffer())).toEqual(PNG);

    // a wrong signature, or the signature of one image used for another, opens nothing
    const [path, signature] = (image?.image_url ?? "").split("?signature=");
    const origin = BASE.replace(/\/api\/v1$/, "");
    expect((await SELF.fetch(`${origin}${path}?signature=${"0".repeat(64)}`)).status).toBe(401);
    expect((await SELF.fetch(`${origin}${path}`)).status).toBe(401);
    const textDoc = docs["impfung.txt"]?.id as string;
    expect(
      (await SELF.fetch(`${origin}/api/v1/document/image/${ds.id}-${textDoc}?signature=${signature}`)).status,
    ).toBe(401);

    // the image goes with its document
    await callApi(`/datasets/${ds.id}/documents`, { method: "DELETE", token: user.token, json: { ids: [imageDoc] } });
    expect((await SELF.fetch(`${origin}${image?.image_url}`)).status).toBe(404);
  });

  it("a search app's hits carry the signed image too", async () => {
    const user = await createUser();
    await addLocalModel(user, "vision-model", "image2text");
    await setDefaultModels(user.token, { img2txt_id: "vision-model@OpenAI-API-Compatible" });
    const ds = await createDataset(user);
    const docs = await ingest(user, ds.id, [new File([PNG], "pass.png", { type: "image/png" })]);
    const url = `/api/v1/document/image/${ds.id}-${docs["pass.png"]?.id}?signature=`;
    const search = (
      await callApi<{ search_id: string }>("/searches", {
        token: user.token,
        json: { name: "Bilder", search_config: { kb_ids: [ds.id] } },
      })
    ).body.data.search_id;
    const hits = await callApi<{ chunks: { image_url?: string }[] }>(`/searches/${search}/retrieval`, {
      token: user.token,
      json: { question: "Impfpass" },
    });
    expect(hits.body.data.chunks[0]?.image_url).toContain(url);
  });

  it("a PDF's figures become chunks described by the image-to-text model, showing their own image", async () => {
    const user = await createUser();
    await addLocalModel(user, "vision-model", "image2text");
    await setDefaultModels(user.token, { img2txt_id: "vision-model@OpenAI-API-Compatible" });
    // the report's figure page holds four pictures and an icon
    const ds = await createDataset(user, { parser_config: { pages: [[FIGURE_PAGE, FIGURE_PAGE]] } });
    const docs = await ingest(user, ds.id, [reportPdf(), wordDocx()], 30_000);
    const doc = docs["geologie-bericht.pdf"]?.id as string;
    // a Word file's picture too, with its alt text
    const word = docs["bericht.docx"]?.id as string;
    const wordChunks = (
      await callApi<{ chunks: { content: string; image_id: string }[] }>(
        `/datasets/${ds.id}/documents/${word}/chunks?page_size=100`,
        { token: user.token },
      )
    ).body.data.chunks;
    expect(wordChunks.filter((chunk) => chunk.image_id)).toEqual([
      expect.objectContaining({
        image_id: `${ds.id}-${word}-1-0`,
        content: `${WORD_FIGURE_CAPTION}\nBild (data:image/png): ein Impfpass`,
      }),
    ]);
    const listed = (
      await callApi<{ chunks: { content: string; image_id: string; image_url?: string }[] }>(
        `/datasets/${ds.id}/documents/${doc}/chunks?page_size=100`,
        { token: user.token },
      )
    ).body.data.chunks;
    const figures = listed.filter((chunk) => chunk.image_id);
    expect(figures.map((chunk) => chunk.image_id).toSorted()).toEqual(
      [0, 1, 2, 3].map((n) => `${ds.id}-${doc}-${FIGURE_PAGE}-${n}`),
    );
    // the chunk list signs them too
    for (const chunk of figures)
      expect(chunk.image_url).toMatch(
        new RegExp(`^/api/v1/document/image/${chunk.image_id}\\?signature=[0-9a-f]{64}$`),
      );
    expect(listed.filter((chunk) => !chunk.image_id).every((chunk) => chunk.image_url === undefined)).toBe(true);
    // each figure's chunk: the page's caption in order, then the model's description
    expect(figures.toSorted((x, y) => x.image_id.localeCompare(y.image_id)).map((chunk) => chunk.content)).toEqual(
      FIGURE_CAPTIONS.map((caption) => `${caption}\nBild (data:image/png): ein Impfpass`),
    );
    expect(listed.filter((chunk) => !chunk.image_id).length).toBeGreaterThan(0);

    const hits = (
      await callApi<{ chunks: { image_id: string; image_url?: string }[] }>("/retrieval", {
        token: user.token,
        json: { question: "Impfpass", dataset_ids: [ds.id], page_size: 100 },
      })
    ).body.data.chunks;
    const hit = hits.find((chunk) => chunk.image_id === `${ds.id}-${doc}-${FIGURE_PAGE}-0`);
    const origin = BASE.replace(/\/api\/v1$/, "");
    const image = await SELF.fetch(`${origin}${hit?.image_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect([...new Uint8Array(await image.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(await env.FILES.get(`${user.id}/datasets/${ds.id}/figures/${doc}/${FIGURE_PAGE}-0`)).not.toBeNull();

    // parsed again keeping the chunks: each figure is still one chunk (its id follows the image, not the text)
    await callApi(`/datasets/${ds.id}/chunks`, { token: user.token, json: { document_ids: [doc], delete: false } });
    await waitUntilSettled(user, ds.id, 30_000);
    const again = (
      await callApi<{ chunks: { image_id: string }[] }>(`/datasets/${ds.id}/documents/${doc}/chunks?page_size=100`, {
        token: user.token,
      })
    ).body.data.chunks;
    expect(again.filter((chunk) => chunk.image_id).length).toBe(4);

    // a deleted figure chunk's image stops loading, for every link that carried it
    const figureChunk = (
      await callApi<{ chunks: { id: string; image_id: string }[] }>(
        `/datasets/${ds.id}/documents/${doc}/chunks?page_size=100`,
        { token: user.token },
      )
    ).body.data.chunks.find((chunk) => chunk.image_id === `${ds.id}-${doc}-${FIGURE_PAGE}-0`);
    await callApi(`/datasets/${ds.id}/documents/${doc}/chunks`, {
      method: "DELETE",
      token: user.token,
      json: { chunk_ids: [figureChunk?.id] },
    });
    expect((await SELF.fetch(`${origin}${hit?.image_url}`)).status).toBe(404);

    // deleting the document deletes its figures
    const other = hits.find((chunk) => chunk.image_id === `${ds.id}-${doc}-${FIGURE_PAGE}-1`);
    expect((await SELF.fetch(`${origin}${other?.image_url}`)).status).toBe(200);
    await callApi(`/datasets/${ds.id}/documents`, { method: "DELETE", token: user.token, json: { ids: [doc] } });
    expect((await SELF.fetch(`${origin}${other?.image_url}`)).status).toBe(404);
    expect(await env.FILES.get(`${user.id}/datasets/${ds.id}/figures/${doc}/${FIGURE_PAGE}-1`)).toBeNull();
  }, 60_000);

  it("a PDF keeps no figures without an image-to-text model", async () => {
    const user = await createUser();
    const ds = await createDataset(user, { parser_config: { pages: [[FIGURE_PAGE, FIGURE_PAGE]] } });
    const docs = await ingest(user, ds.id, [reportPdf()], 30_000);
    const doc = docs["geologie-bericht.pdf"]?.id as string;
    const listed = (
      await callApi<{ chunks: { image_id: string }[] }>(`/datasets/${ds.id}/documents/${doc}/chunks?page_size=100`, {
        token: user.token,
      })
    ).body.data.chunks;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((chunk) => chunk.image_id === "")).toBe(true);
  }, 60_000);
});
