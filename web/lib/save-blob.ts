import { authHeaders } from "./auth-storage";
import { bookmarkHeaders } from "../api/bookmark";

// Hands the browser a blob as a download; the URL is revoked later because some browsers read it only after click().
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

// Downloads go through fetch so the Authorization header is sent. API errors are JSON envelopes (some
// with HTTP 200); a file always comes with Content-Disposition.
export const fetchFileBlob = async (url: string, signal?: AbortSignal) => {
  const response = await fetch(url, { headers: { ...bookmarkHeaders(), ...authHeaders() }, signal });
  const disposition = response.headers.get("content-disposition");
  if (!response.ok || (!disposition && response.headers.get("content-type")?.startsWith("application/json"))) {
    throw new Error(`download failed (HTTP ${response.status})`);
  }
  return { blob: await response.blob(), disposition };
};

export const downloadWithAuth = async (url: string, name: string) => saveBlob((await fetchFileBlob(url)).blob, name);
