import { describe, expect, it } from "vitest";
import type { FileEntry } from "../../../worker/contract/files";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, textFile } from "../../helpers/worker/factories";
import { byName, knowledgebaseFolder, listFolder, newFolder, putFiles } from "../../helpers/worker/files";

describe("file manager: folders, uploads, listing", () => {
  it("starts with an empty root: the internal .knowledgebase folder is not listed, yet reachable by its id", async () => {
    const user = await createUser();
    const root = await listFolder(user);
    expect(root.parent_folder?.name).toBe("/");
    expect(root.files).toEqual([]);
    expect(root.total).toBe(0);
    expect((await listFolder(user, undefined, "keywords=knowledge")).files).toEqual([]);
    const ds = await createDataset(user, { name: "Leitlinien" });
    const internal = await knowledgebaseFolder(user, ds.id);
    expect(internal).toMatchObject({ name: ".knowledgebase", readonly: true, parent_id: root.parent_folder?.id });
    expect((await listFolder(user, internal.id)).files.map((file) => file.name)).toEqual(["Leitlinien"]);
    expect((await listFolder(user)).files).toEqual([]);
  });

  it("uploads into folders; relative paths become sub-folders; names that clash get (1)", async () => {
    const user = await createUser();
    const docs = await newFolder(user, "Docs");
    const res = await putFiles(
      user,
      [textFile("a.txt", "eins"), textFile("a.txt", "zwei"), textFile("Bericht/2024/b.md", "# B")],
      docs.id,
    );
    expect(res.body.code).toBe(0);
    const listing = await listFolder(user, docs.id);
    expect(listing.files[0]?.name).toBe("Bericht");
    expect(
      listing.files
        .slice(1)
        .map((file) => file.name)
        .toSorted(),
    ).toEqual(["a(1).txt", "a.txt"]);
    const bericht = byName(listing).Bericht as FileEntry;
    const year = byName(await listFolder(user, bericht.id))["2024"] as FileEntry;
    const inner = await listFolder(user, year.id);
    expect(inner.files.map((file) => [file.name, file.size, file.type])).toEqual([["b.md", 3, "doc"]]);

    const download = await callApi(`/files/${inner.files[0]?.id}`, { token: user.token });
    expect(download.body).toBe("# B");
    expect(download.headers.get("Content-Security-Policy")).toBe("sandbox");

    const ancestors = await callApi<{ parent_folders: FileEntry[] }>(`/files/${inner.files[0]?.id}/ancestors`, {
      token: user.token,
    });
    expect(ancestors.body.data.parent_folders.map((folder) => folder.name)).toEqual([
      "/",
      "Docs",
      "Bericht",
      "2024",
      "b.md",
    ]);
    const parent = await callApi<{ parent_folder: FileEntry }>(`/files/${year.id}/parent`, { token: user.token });
    expect(parent.body.data.parent_folder.id).toBe(bericht.id);
  });

  it("parallel uploads of one folder share its sub-folder and get distinct names", async () => {
    const user = await createUser();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => putFiles(user, [textFile("Gemeinsam/plan.txt", `Version ${i}`)])),
    );
    expect(results.map((res) => res.body.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const folders = (await listFolder(user)).files.filter((file) => file.name.startsWith("Gemeinsam"));
    expect(folders.map((folder) => folder.name)).toEqual(["Gemeinsam"]);
    const inside = await listFolder(user, folders[0]?.id);
    expect(inside.files.map((file) => file.name).toSorted()).toEqual([
      "plan(1).txt",
      "plan(2).txt",
      "plan(3).txt",
      "plan(4).txt",
      "plan(5).txt",
      "plan.txt",
    ]);
  });

  it("names ten parallel uploads of same.txt into one folder same.txt, same(1).txt … same(9).txt", async () => {
    const user = await createUser();
    const folder = await newFolder(user, "Ablage");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => putFiles(user, [textFile("same.txt", `Kopie ${i}`)], folder.id)),
    );
    expect(results.map((res) => res.body.code)).toEqual(Array(10).fill(0));
    const expected = ["same.txt", ...Array.from({ length: 9 }, (_, i) => `same(${i + 1}).txt`)].toSorted();
    expect(results.map((res) => res.body.data[0]?.name).toSorted()).toEqual(expected);
    expect((await listFolder(user, folder.id)).files.map((file) => file.name).toSorted()).toEqual(expected);
  });

  it("refuses a file name with a NUL or another control character and stores nothing", async () => {
    const user = await createUser();
    const nul = await putFiles(user, [textFile("bad\u0000name.txt", "x")]);
    expect(nul.body.code).toBe(101);
    expect(nul.body.message).toContain("The upload could not be read");
    for (const name of ["tab\tname.txt", "del\u007fname.txt", "Ordner\u0001/a.txt"]) {
      const res = await putFiles(user, [textFile(name, "x")]);
      expect(res.body, name).toMatchObject({
        code: 101,
        message: expect.stringContaining("is not a valid file name."),
      });
    }
    expect((await putFiles(user, [textFile("tab\tname.txt", "x")])).body.message).toBe(
      '"tab�name.txt" is not a valid file name.',
    );
    expect((await listFolder(user)).total).toBe(0);
  });

  it("refuses an upload over the limits and stores nothing", async () => {
    const user = await createUser();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.bin");
    const res = await putFiles(user, [textFile("ok.txt", "ok"), big]);
    expect(res.status).toBe(413);
    expect(res.body.message).toContain("big.bin");
    const many = await putFiles(
      user,
      Array.from({ length: 129 }, (_, i) => textFile(`f${i}.txt`, "x")),
    );
    expect(many.status).toBe(413);
    const longName = await putFiles(user, [textFile(`Ordner/${"ä".repeat(126)}.txt`, "x")]);
    expect(longName.body.code).toBe(101);
    const empty = await putFiles(user, [textFile("ok.txt", "ok"), textFile("leer.pdf", "")]);
    expect(empty.body).toMatchObject({
      code: 101,
      message: 'The file "leer.pdf" is empty (0 bytes).',
      message_code: "error.emptyUpload",
      message_params: { name: "leer.pdf" },
    });
    expect((await listFolder(user)).total).toBe(0);
  });

  it("refuses a folder whose name is taken, bad names and the read-only folder as a target", async () => {
    const user = await createUser();
    await newFolder(user, "Reports");
    const clash = await callApi("/files", { token: user.token, json: { name: "reports", type: "folder" } });
    expect(clash.body).toMatchObject({ code: 102, message: "Duplicated name in the same folder: reports" });
    const slash = await callApi("/files", { token: user.token, json: { name: "a/b", type: "folder" } });
    expect(slash.body.code).toBe(101);
    const knowledgebase = await knowledgebaseFolder(user, (await createDataset(user)).id);
    const inside = await callApi("/files", { token: user.token, json: { name: "x", parent_id: knowledgebase.id } });
    expect(inside.body).toMatchObject({ code: 102, message: "The folder .knowledgebase is read-only." });
    expect((await listFolder(user)).files.map((file) => file.name).toSorted()).toEqual(["Reports"]);
  });

  it("searches, sorts and pages a folder", async () => {
    const user = await createUser();
    const folder = await newFolder(user, "Many");
    await putFiles(
      user,
      [
        textFile("zeta.txt", "1"),
        textFile("alpha.txt", "22"),
        textFile("Alpine.md", "333"),
        textFile("beta.txt", "4444"),
      ],
      folder.id,
    );
    const byNameAsc = await listFolder(user, folder.id, "orderby=name&desc=false&page_size=2&page=2");
    expect(byNameAsc.total).toBe(4);
    expect(byNameAsc.files.map((file) => file.name)).toEqual(["beta.txt", "zeta.txt"]);
    const search = await listFolder(user, folder.id, "keywords=ALP&orderby=size&desc=true");
    expect(search.files.map((file) => file.name)).toEqual(["Alpine.md", "alpha.txt"]);
    const literal = await listFolder(user, folder.id, "keywords=%25");
    expect(literal.total).toBe(0);
  });
});

describe("file manager: rename, move, delete", () => {
  it("renames keeping the extension and refuses clashes", async () => {
    const user = await createUser();
    const [file, other] = (await putFiles(user, [textFile("plan.txt", "p"), textFile("other.txt", "o")])).body.data as [
      FileEntry,
      FileEntry,
    ];
    const changed = await callApi("/files/move", {
      token: user.token,
      json: { src_file_ids: [file.id], new_name: "plan.pdf" },
    });
    expect(changed.body).toMatchObject({ code: 101, message: "The extension of file can't be changed" });
    const clash = await callApi("/files/move", {
      token: user.token,
      json: { src_file_ids: [file.id], new_name: other.name },
    });
    expect(clash.body.code).toBe(102);
    const ok = await callApi("/files/move", {
      token: user.token,
      json: { src_file_ids: [file.id], new_name: "Plan 2025.txt" },
    });
    expect(ok.body.code).toBe(0);
    expect(Object.keys(byName(await listFolder(user))).toSorted()).toEqual(["Plan 2025.txt", "other.txt"]);
  });

  it("moves files and folders, refuses moving a folder into its own child, and refuses name clashes as a whole", async () => {
    const user = await createUser();
    const outer = await newFolder(user, "Outer");
    const inner = await newFolder(user, "Inner", outer.id);
    const target = await newFolder(user, "Target");
    const [a, b] = (await putFiles(user, [textFile("a.txt", "a"), textFile("b.txt", "b")])).body.data as [
      FileEntry,
      FileEntry,
    ];
    await putFiles(user, [textFile("b.txt", "other b")], target.id);

    const intoChild = await callApi("/files/move", {
      token: user.token,
      json: { src_file_ids: [outer.id], dest_file_id: inner.id },
    });
    expect(intoChild.body).toMatchObject({
      code: 102,
      message: "Outer cannot be moved into itself or one of its sub-folders.",
    });
    const intoSelf = await callApi("/files/move", {
      token: user.token,
      json: { src_file_ids: [outer.id], dest_file_id: outer.id },
    });
    expect(intoSelf.body.code).toBe(102);

    const clash = await callApi("/files/move", {
      token: user.token,
      json: { src_file_ids: [a.id, b.id], dest_file_id: target.id },
    });
    expect(clash.body.code).toBe(102);
    expect(Object.keys(byName(await listFolder(user, target.id)))).toEqual(["b.txt"]);

    const moved = await callApi("/files/move", {
      token: user.token,
      json: { src_file_ids: [a.id, outer.id], dest_file_id: target.id },
    });
    expect(moved.body.code).toBe(0);
    expect(Object.keys(byName(await listFolder(user, target.id))).toSorted()).toEqual(["Outer", "a.txt", "b.txt"]);
    const chain = await callApi<{ parent_folders: FileEntry[] }>(`/files/${inner.id}/ancestors`, { token: user.token });
    expect(chain.body.data.parent_folders.map((folder) => folder.name)).toEqual(["/", "Target", "Outer", "Inner"]);
  });

  it("deletes folders recursively with their blobs; the root and .knowledgebase stay", async () => {
    const user = await createUser();
    const folder = await newFolder(user, "Old");
    const [file] = (await putFiles(user, [textFile("x/y/deep.txt", "deep")], folder.id)).body.data.filter(
      (entry) => entry.type !== "folder",
    ) as [FileEntry];
    const removed = await callApi<{ success_count: number }>("/files", {
      method: "DELETE",
      token: user.token,
      json: { ids: [folder.id] },
    });
    expect(removed.body.data.success_count).toBe(1);
    expect((await callApi(`/files/${file.id}`, { token: user.token })).body).toMatchObject({ code: 102 });
    const root = await listFolder(user);
    expect(root.files).toEqual([]);
    const kb = await knowledgebaseFolder(user, (await createDataset(user)).id);
    const refuse = await callApi("/files", { method: "DELETE", token: user.token, json: { ids: [kb.id] } });
    expect(refuse.body.code).toBe(102);
    const rootRefused = await callApi("/files", {
      method: "DELETE",
      token: user.token,
      json: { ids: [root.parent_folder?.id] },
    });
    expect(rootRefused.body.code).toBe(102);
  });
});

describe("file manager: tenant isolation", () => {
  it("never shows, downloads, moves, links or deletes another tenant's files", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const folder = await newFolder(owner, "Privat");
    const [file] = (await putFiles(owner, [textFile("geheim.txt", "geheim")], folder.id)).body.data as [FileEntry];
    const strangerFolder = await newFolder(stranger, "Mine");
    const strangerKb = (await callApi<{ id: string }>("/datasets", { token: stranger.token, json: { name: "kb" } }))
      .body.data;

    expect((await callApi(`/files?parent_id=${folder.id}`, { token: stranger.token })).body.code).toBe(102);
    expect((await callApi(`/files/${file.id}`, { token: stranger.token })).body.code).toBe(102);
    expect((await callApi(`/files/${file.id}/ancestors`, { token: stranger.token })).body.code).toBe(102);
    expect(
      (
        await callApi("/files/move", {
          token: stranger.token,
          json: { src_file_ids: [file.id], dest_file_id: strangerFolder.id },
        })
      ).body.code,
    ).toBe(102);
    expect(
      (
        await callApi("/files/move", {
          token: stranger.token,
          json: { src_file_ids: [strangerFolder.id], dest_file_id: folder.id },
        })
      ).body.code,
    ).toBe(102);
    expect(
      (
        await callApi("/files/link-to-datasets", {
          token: stranger.token,
          json: { file_ids: [file.id], kb_ids: [strangerKb.id] },
        })
      ).body.code,
    ).toBe(102);
    expect(
      (await callApi("/files", { method: "DELETE", token: stranger.token, json: { ids: [file.id] } })).body.code,
    ).toBe(102);
    expect((await putFiles(stranger, [textFile("x.txt", "x")], folder.id)).body.code).toBe(102);
    expect((await callApi(`/files/${file.id}`, { token: owner.token })).body).toBe("geheim");
    expect((await callApi("/files")).status).toBe(401);
  });
});
