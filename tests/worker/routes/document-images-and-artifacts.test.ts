import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bytesToBase64 } from "../../../worker/lib/bytes";
import { encodePng } from "../../../worker/lib/png";
import { BASE, callApi } from "../../helpers/worker/api";
import { createDataset, createUser, textFile, uploadFiles } from "../../helpers/worker/factories";

describe("GET /documents/images/{image_id}", () => {
  it("gives a signed-in team member the image a chunk shows, and nobody else", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    const [doc] = (await uploadFiles(user, ds.id, [textFile("bild.txt", "Ein Schaubild")])).body.data;
    const png = await encodePng(2, 2, 4, new Uint8Array(2 * 2 * 4).fill(90));
    const created = await callApi<{ chunk: { id: string; image_id: string } }>(
      `/datasets/${ds.id}/documents/${doc?.id}/chunks`,
      { token: user.token, json: { content: "Impfquoten als Bild", image_base64: bytesToBase64(png) } },
    );
    const imageId = created.body.data.chunk.image_id;

    const res = await SELF.fetch(`${BASE}/documents/images/${imageId}`, { headers: { Authorization: user.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);

    const stranger = await createUser();
    const foreign = await callApi(`/documents/images/${imageId}`, { token: stranger.token });
    expect(foreign.body).toEqual({ code: 102, message: "Image not found." });
    const anonymous = await callApi(`/documents/images/${imageId}`);
    expect(anonymous.status).toBe(401);
  });

  it("answers an id that names no image as RAGFlow does: HTTP 200, code 102, Image not found.", async () => {
    const user = await createUser();
    const ds = await createDataset(user);
    for (const id of ["not-a-valid-image-id", `${ds.id}-${"0".repeat(32)}`]) {
      const res = await callApi(`/documents/images/${id}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 102, message: "Image not found." });
    }
  });
});

describe("GET /documents/artifact/{filename}", () => {
  it("needs a token, refuses file types RAGFlow's sandbox never writes, and finds no artifact otherwise", async () => {
    const anonymous = await callApi("/documents/artifact/plot.png");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(401);
    const user = await createUser();
    const unsafe = await callApi("/documents/artifact/tool.exe", { token: user.token });
    expect(unsafe.body).toEqual({ code: 102, message: "invalid file type" });
    const noSuffix = await callApi("/documents/artifact/README", { token: user.token });
    expect(noSuffix.body).toEqual({ code: 102, message: "invalid file type" });
    const missing = await callApi("/documents/artifact/plot.PNG", { token: user.token });
    expect(missing.body).toEqual({ code: 102, message: "Artifact not found." });
  });
});
