import type { FileEntry, FileListing } from "../../../worker/contract/files";
import { callApi } from "./api";
import type { TestUser } from "./factories";

export const listFolder = async (user: TestUser, parentId?: string, query = "") => {
  const res = await callApi<FileListing>(`/files?${parentId ? `parent_id=${parentId}&` : ""}${query}`, {
    token: user.token,
  });
  if (res.body.code !== 0) throw new Error(`list failed: ${res.body.message}`);
  return res.body.data;
};

export const newFolder = async (user: TestUser, name: string, parentId?: string) => {
  const res = await callApi<FileEntry>("/files", {
    token: user.token,
    json: { name, parent_id: parentId, type: "folder" },
  });
  if (res.body.code !== 0) throw new Error(`folder failed: ${res.body.message}`);
  return res.body.data;
};

export const putFiles = (user: TestUser, files: File[], parentId?: string) => {
  const form = new FormData();
  if (parentId) form.append("parent_id", parentId);
  for (const file of files) form.append("file", file);
  return callApi<FileEntry[]>("/files", { token: user.token, body: form });
};

export const byName = (listing: FileListing) => Object.fromEntries(listing.files.map((file) => [file.name, file]));

// The internal ".knowledgebase" folder is not listed; the ancestors of a base (shown in it as a folder) name it.
export const knowledgebaseFolder = async (user: TestUser, datasetId: string) => {
  const res = await callApi<{ parent_folders: FileEntry[] }>(`/files/${datasetId}/ancestors`, { token: user.token });
  const folder = res.body.data.parent_folders.find((entry) => entry.source_type === "knowledgebase");
  if (!folder) throw new Error(`no .knowledgebase folder among the ancestors of ${datasetId}`);
  return folder;
};
