// RAGFlow's router (Werkzeug) merges repeated slashes, so `/datasets//documents` is `/datasets/documents`;
// RAGFlow's suites send such paths for an empty id. Only API paths are touched.
export const mergeSlashes = (request: Request): Request => {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/") || !url.pathname.includes("//")) return request;
  url.pathname = url.pathname.replace(/\/{2,}/g, "/");
  return new Request(url, request);
};
