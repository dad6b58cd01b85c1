import type { Envelope } from "../../worker/contract/envelope";
import type { DatasetDocument } from "../../worker/contract/documents";
import { authHeaders } from "../lib/auth-storage";
import { API_BASE, ApiError, ErrorCode } from "./client";

// fetch() cannot report upload progress, so uploads use XMLHttpRequest: one request per file,
// which also keeps each request far below the platform's body limit.
export const uploadMultipart = <T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
  fileName = file.name,
) =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(ErrorCode.network, "network", 0));
    xhr.onload = () => {
      let envelope: Envelope<T> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        // not JSON: handled below as a plain HTTP failure
      }
      if (!envelope) return reject(new ApiError(xhr.status, xhr.statusText || "upload failed", xhr.status, false));
      if (envelope.code !== 0) return reject(new ApiError(envelope.code, envelope.message, xhr.status));
      onProgress(1);
      resolve(envelope.data);
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append("file", file, fileName);
    xhr.send(form);
  });

export const uploadFile = (datasetId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadMultipart<DatasetDocument[]>(`/datasets/${datasetId}/documents`, file, onProgress);
