import type { Envelope } from "../../worker/contract/envelope";
import type { DatasetDocument } from "../../worker/contract/documents";
import { getToken } from "../lib/auth-storage";
import { API_BASE, ApiError, ErrorCode } from "./client";

// fetch() cannot report upload progress, so uploads use XMLHttpRequest: one request per file,
// which also keeps each request far below the platform's body limit.
export const uploadFile = (datasetId: string, file: File, onProgress: (fraction: number) => void) =>
  new Promise<DatasetDocument[]>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}/datasets/${datasetId}/documents`);
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(ErrorCode.network, "network", 0));
    xhr.onload = () => {
      let envelope: Envelope<DatasetDocument[]> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<DatasetDocument[]>;
      } catch {
        // not JSON: handled below as a plain HTTP failure
      }
      if (!envelope) return reject(new ApiError(xhr.status, xhr.statusText || "upload failed", xhr.status));
      if (envelope.code !== 0) return reject(new ApiError(envelope.code, envelope.message, xhr.status));
      onProgress(1);
      resolve(envelope.data);
    };
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
