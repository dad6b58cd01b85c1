import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FileEntry, S3Listing } from "../../../worker/contract/files";
import { callApi } from "../../helpers/worker/api";
import { S3_REGION, S3_SEED } from "../../helpers/shared/s3-seed";
import { createUser } from "../../helpers/worker/factories";
import { listFolder, newFolder } from "../../helpers/worker/files";

const connection = () => ({
  endpoint: env.TEST_S3_URL,
  region: S3_REGION,
  bucket: env.TEST_S3_BUCKET,
  access_key_id: env.TEST_S3_ACCESS_KEY_ID,
  secret_access_key: env.TEST_S3_SECRET_ACCESS_KEY,
});

describe("importing from S3-compatible storage", () => {
  it("lists one level of a prefix with its sub-folders", async () => {
    const user = await createUser();
    const res = await callApi<S3Listing>("/files/import/s3/list", {
      token: user.token,
      json: { ...connection(), prefix: "docs/" },
    });
    expect(res.body.code).toBe(0);
    const expected = S3_SEED.filter(
      (object) => object.key.startsWith("docs/") && !object.key.slice(5).includes("/"),
    ).map((object) => object.key);
    expect(res.body.data.objects.map((object) => object.key).toSorted()).toEqual(expected.toSorted());
    expect(res.body.data.folders).toEqual(["docs/sub/"]);
  });

  it("imports the chosen objects into a folder, bytes and names intact", async () => {
    const user = await createUser();
    const folder = await newFolder(user, "Aus S3");
    const keys = ["docs/guide.txt", "images/logo.png", "docs/Über uns & mehr #1.md"];
    const res = await callApi<FileEntry[]>("/files/import/s3", {
      token: user.token,
      json: { ...connection(), parent_id: folder.id, keys },
    });
    expect(res.body.code).toBe(0);
    const listing = await listFolder(user, folder.id, "orderby=name&desc=false");
    expect(listing.files.map((file) => [file.name, file.source_type])).toEqual(
      [
        ["Über uns & mehr #1.md", "s3"],
        ["guide.txt", "s3"],
        ["logo.png", "s3"],
      ].toSorted((a, b) => (a[0] as string).toLowerCase().localeCompare((b[0] as string).toLowerCase())),
    );
    const logo = listing.files.find((file) => file.name === "logo.png") as FileEntry;
    const bytes = new Uint8Array(await (await fetchFile(user.token, logo.id)).arrayBuffer());
    expect(bytes).toEqual(S3_SEED.find((object) => object.key === "images/logo.png")?.body);
  });

  it("explains a wrong secret and a private endpoint, and stores nothing", async () => {
    const user = await createUser();
    const wrong = await callApi("/files/import/s3", {
      token: user.token,
      json: { ...connection(), secret_access_key: "wrong", keys: ["welcome.txt"] },
    });
    expect(wrong.body.code).toBe(102);
    expect(wrong.body.message).toContain("SignatureDoesNotMatch");
    const missing = await callApi("/files/import/s3", {
      token: user.token,
      json: { ...connection(), keys: ["nope.txt"] },
    });
    expect(missing.body).toMatchObject({ code: 102, message: "Object not found" });
    const badBucket = await callApi("/files/import/s3/list", {
      token: user.token,
      json: { ...connection(), bucket: "Bad_Bucket" },
    });
    expect(badBucket.body.code).toBe(101);
    const moved = await callApi("/files/import/s3/list", {
      token: user.token,
      json: { ...connection(), bucket: "moved-bucket" },
    });
    expect(moved.body.code).toBe(102);
    expect(moved.body.message).toContain("PermanentRedirect");
    expect((await listFolder(user)).total).toBe(0);
  });
});

const fetchFile = (token: string, id: string) =>
  import("cloudflare:test").then(({ SELF }) =>
    SELF.fetch(`http://buddy.test/api/v1/files/${id}`, { headers: { Authorization: token } }),
  );
