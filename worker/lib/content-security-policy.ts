// The Content-Security-Policy of each kind of response. Model answers render as markdown in the app and on share
// pages, and a prompt injection can make a model write conversation data into an image or fetch URL: the browser
// may contact no host but Buddy (img-src and connect-src: 'self', data:, blob:). docs/security.md explains each line.
const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");

const PAGE = {
  "default-src": "'self'",
  // WebAssembly only (pdf.js decodes some images with it); no eval of JavaScript
  "script-src": "'self' 'wasm-unsafe-eval'",
  // Chakra's emotion writes <style> tags and style attributes at run time
  "style-src": "'self' 'unsafe-inline'",
  "img-src": "'self' data: blob:",
  "font-src": "'self' data:",
  "connect-src": "'self' data: blob:",
  "media-src": "'self' data: blob:",
  "worker-src": "'self' blob:",
  // the share dialog's live preview and the API reference are Buddy's own pages
  "frame-src": "'self' blob:",
  // the chunk page shows a document's PDF in an <object> from a blob URL the page made itself
  "object-src": "blob:",
  "base-uri": "'self'",
  "form-action": "'self'",
};

// The SPA's pages: no site may frame them.
export const APP_POLICY = policy({ ...PAGE, "frame-ancestors": "'none'" });

// A share page: the SPA's policy, framed by the sites the share link allows (worker/services/share/guard.ts).
export const sharePagePolicy = (frameAncestors: string) => policy({ ...PAGE, "frame-ancestors": frameAncestors });

// The API reference (Scalar) runs an inline script with its configuration; the settings page frames it.
export const API_DOCS_POLICY = policy({
  ...PAGE,
  "script-src": "'self' 'unsafe-inline'",
  "frame-ancestors": "'self'",
});

// API answers (JSON, event streams, files) are data: opened on their own they may load and run nothing.
export const API_POLICY = policy({ "default-src": "'none'", "frame-ancestors": "'none'" });
